import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetEventClientForTests } from '@/lib/analytics/event-client';
import { useNotificationStore } from '@/stores/notification-store';
import { server } from '../fixtures/msw-server';

/**
 * Component tests (ARCHITECTURE.md "Testing"): happy-dom, Testing Library,
 * and MSW answering the API paths the fetchers call. A request no test
 * answered fails the test, so a fetcher calling a wrong path cannot pass
 * unnoticed. Relative URLs (`fetch('/uploader/...')`) resolve against
 * happy-dom's page URL (vitest's default, http://localhost:3000), as in the
 * browser.
 */

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): two test files share two
// cores with PostgreSQL and the other workers, and a first render with its imports can take longer
// than a second there. A test still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Events a test queued must not be sent into the next one.
  resetEventClientForTests();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // App-wide store: a toast of one test must not be seen by the next.
  useNotificationStore.getState().hide();
});

afterAll(() => {
  server.close();
});
