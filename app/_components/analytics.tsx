import { ANALYTICS_CONFIG_ELEMENT_ID } from '@/lib/analytics/config';
import { analyticsConfigJson } from '@/lib/experiments';
import { AnalyticsBoot } from './analytics-boot';

/**
 * The page's analytics: the A/B and experiment settings from server env as
 * a JSON data block (not executed, so the page's script policy does not
 * apply; lib/analytics/config.ts reads it), and the boot component.
 * Server component, mounted once by the root layout.
 */
export function Analytics() {
  return (
    <>
      <script
        type="application/json"
        id={ANALYTICS_CONFIG_ELEMENT_ID}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: analyticsConfigJson() }}
      />
      <AnalyticsBoot />
    </>
  );
}
