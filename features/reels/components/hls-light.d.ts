// hls.js ships no types for its "light" entry (same API, fewer features:
// no subtitles, alternate audio, DRM or CMCD, none of which reels use).
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export * from 'hls.js';
  export default Hls;
}
