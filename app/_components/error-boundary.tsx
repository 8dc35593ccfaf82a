'use client';

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { logError } from '@/lib/analytics/log-client';
import { Button } from '@/components/ui/button';

/** What a boundary shows instead of its broken part: the app's generic message and a retry. */
function Fallback({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations('errors');
  return (
    <div role="alert" className="flex min-h-48 flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-neutral-600 dark:text-neutral-400">{t('generic')}</p>
      <Button type="button" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface Props {
  /** Which part of the page this guards (e.g. `feed`, `chat`): sent with the error log. */
  name: string;
  children: ReactNode;
}

/**
 * A React error boundary around one part of a page (the feed, the chat):
 * a render error there is reported to the logging client (POST
 * /api/errorLog with `{ boundary: name }`; no props or state, so no
 * personal data) and replaced by the generic message with a retry that
 * renders the part again, while the rest of the page keeps working.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  componentDidCatch(error: Error, _info: ErrorInfo): void {
    logError(error, { boundary: this.props.name });
  }

  private readonly reset = (): void => this.setState({ error: null });

  render(): ReactNode {
    return this.state.error ? <Fallback onRetry={this.reset} /> : this.props.children;
  }
}
