/** Admin roles and permissions (admin spec section 6). Checked by the server on every admin route. */
export const ADMIN_PERMISSIONS = [
  'users.read',
  'users.write',
  'users.delete',
  'users.verify',
  'transactions.read',
  'transactions.write',
  'transactions.refund',
  'settings.read',
  'settings.write',
  'settings.fees',
  'support.read',
  'support.write',
  'analytics.read',
  'system.maintenance',
  'admin.manage',
  'reports.compliance',
] as const;
export type TAdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const ADMIN_ROLES = ['super_admin', 'support_admin', 'finance_admin', 'compliance_admin'] as const;
export type TAdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_PERMISSIONS: Record<TAdminRole, readonly TAdminPermission[]> = {
  super_admin: [
    'users.read',
    'users.write',
    'users.delete',
    'transactions.read',
    'transactions.write',
    'transactions.refund',
    'settings.read',
    'settings.write',
    'support.read',
    'support.write',
    'analytics.read',
    'system.maintenance',
    'admin.manage',
  ],
  support_admin: [
    'users.read',
    'users.write',
    'transactions.read',
    'transactions.write',
    'support.read',
    'support.write',
    'analytics.read',
  ],
  finance_admin: [
    'users.read',
    'transactions.read',
    'transactions.write',
    'transactions.refund',
    'analytics.read',
    'settings.fees',
  ],
  compliance_admin: [
    'users.read',
    'users.verify',
    'transactions.read',
    'analytics.read',
    'reports.compliance',
  ],
};

/** A permission check is true only for an admin who holds it. */
export function hasPermission(
  user: { isAdmin: boolean; permissions?: readonly string[] | null } | null | undefined,
  permission: TAdminPermission,
): boolean {
  return !!user?.isAdmin && !!user.permissions?.includes(permission);
}

/** A role check is true only for an admin with exactly that role. */
export function hasRole(
  user: { isAdmin: boolean; adminRole?: string | null } | null | undefined,
  role: TAdminRole,
): boolean {
  return !!user?.isAdmin && user.adminRole === role;
}

/** Display form of a role: underscores as spaces. */
export const roleLabel = (role: string) => role.replaceAll('_', ' ');
