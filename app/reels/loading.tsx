/** Shown while a feed renders on the server (e.g. after tapping a chip): the black stage. */
export default function Loading() {
  return (
    <div className="reels-stage">
      <div className="reels-box flex items-center justify-center">
        <div className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden="true" />
      </div>
    </div>
  );
}
