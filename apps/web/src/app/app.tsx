import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './i18n.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { sessionKey } from '../lib/auth.ts';
import { applyTheme, storedTheme } from '../lib/theme.ts';
import { paths } from './paths.ts';
import { router } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
});

applyTheme(storedTheme());

// A 401 from a signed-in page: forget the session and go to /login, keeping the page the user was on.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(sessionKey, null);
  const here = window.location.pathname + window.location.search;
  if (!here.startsWith(paths.login))
    void router.navigate(`${paths.login}?from=${encodeURIComponent(here)}`, { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
