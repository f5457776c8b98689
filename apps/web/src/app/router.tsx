import { createBrowserRouter, Navigate } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { GuestOnly, RequireAdmin, RequireMerchant } from './guards.tsx';
import { paths } from './paths.ts';
import { RouteError } from './route-error.tsx';

/** Pages load lazily, so the landing page and the hosted payment page stay light. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    // Shown while the first lazy page loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.home, lazy: page(() => import('../features/landing/components/landing-page.tsx')) },
      {
        path: paths.apiReference,
        lazy: page(() => import('../features/api-reference/components/api-reference-page.tsx')),
      },
      { path: paths.docs, lazy: page(() => import('../features/docs/components/docs-page.tsx')) },
      { path: paths.devMail, lazy: page(() => import('../features/dev-mail/components/dev-mail-page.tsx')) },
      {
        path: paths.resetPassword,
        lazy: page(() => import('../features/auth/components/reset-password-page.tsx')),
      },
      {
        path: paths.confirmEmail,
        lazy: page(() => import('../features/auth/components/confirm-email-page.tsx')),
      },
      // The point of sale (decision 026): its own device credential, not the merchant's session; full screen.
      { path: paths.pos, lazy: page(() => import('../features/pos/components/pos-page.tsx')) },
      // The customer's refund page (public; decision 022).
      { path: paths.refund, lazy: page(() => import('../features/refund-page/components/refund-page.tsx')) },
      {
        path: paths.revokeApiKeys,
        lazy: page(() => import('../features/auth/components/revoke-api-keys-page.tsx')),
      },
      {
        element: <GuestOnly />,
        children: [
          { path: paths.login, lazy: page(() => import('../features/auth/components/login-page.tsx')) },
          { path: paths.signup, lazy: page(() => import('../features/auth/components/signup-page.tsx')) },
          {
            path: paths.forgotPassword,
            lazy: page(() => import('../features/auth/components/forgot-password-page.tsx')),
          },
        ],
      },
      {
        element: <RequireMerchant />,
        children: [
          {
            lazy: page(() => import('./layouts/merchant-layout.tsx')),
            children: [
              {
                path: paths.dashboard,
                lazy: async () => {
                  const { default: DashboardPage } = await import(
                    '../features/dashboard/components/dashboard-page.tsx'
                  );
                  return {
                    element: (
                      <DashboardPage
                        links={{
                          createLink: paths.paymentLinks,
                          apiKeys: paths.apiKeys,
                          allTransactions: paths.transactions,
                        }}
                      />
                    ),
                  };
                },
              },
              {
                path: paths.transactions,
                lazy: page(() => import('../features/transactions/components/transactions-page.tsx')),
              },
              {
                path: paths.paymentLinks,
                lazy: page(() => import('../features/payment-links/components/payment-links-page.tsx')),
              },
              {
                path: paths.subscriptions,
                lazy: page(() => import('../features/subscriptions/components/subscriptions-page.tsx')),
              },
              {
                path: paths.settings,
                lazy: page(() => import('../features/settings/components/settings-page.tsx')),
              },
              {
                path: paths.instantPayouts,
                lazy: page(() => import('../features/payouts/components/instant-payouts-page.tsx')),
              },
              {
                path: paths.apiKeys,
                lazy: page(() => import('../features/api-keys/components/api-keys-page.tsx')),
              },
              // Support tickets (decision 017): the list, and one ticket's thread (the link of the reply mail).
              {
                path: paths.support,
                lazy: page(() => import('../features/support/components/support-page.tsx')),
              },
              {
                path: `${paths.support}/:ticketId`,
                lazy: page(() => import('../features/support/components/support-page.tsx')),
              },
            ],
          },
        ],
      },
      {
        path: paths.admin,
        element: <RequireAdmin />,
        children: [
          {
            lazy: page(() => import('./layouts/admin-layout.tsx')),
            children: [
              { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
              {
                path: 'dashboard',
                lazy: page(() => import('../features/admin/components/admin-dashboard-page.tsx')),
              },
              {
                path: 'users',
                element: <RequireAdmin permission="users.read" />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/admin/components/admin-users-page.tsx')),
                  },
                ],
              },
              {
                path: 'transactions',
                element: <RequireAdmin permission="transactions.read" />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/admin/components/admin-transactions-page.tsx')),
                  },
                ],
              },
              {
                path: 'audit',
                element: <RequireAdmin permission="admin.manage" />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/admin/components/admin-audit-page.tsx')),
                  },
                ],
              },
              {
                // Support & Operations (support.read): tickets, webhooks, logs, health (decisions 017, 018).
                path: 'support',
                element: <RequireAdmin permission="support.read" />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/admin/components/support/admin-support-page.tsx')),
                  },
                ],
              },
              {
                // settings.read as the spec says, or settings.fees alone for Fees & Pricing (decision 016).
                path: 'settings',
                element: <RequireAdmin permission="settings.read" orPermissions={['settings.fees']} />,
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/admin/components/settings/system-settings-page.tsx'),
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found-page.tsx')) },
    ],
  },
]);
