import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T extends object | null = object> = JSONColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  status: Generated<'pending' | 'active' | 'suspended'>;
  kyc_status: Generated<'pending' | 'verified' | 'rejected'>;
  email_confirmed_at: NullableTimestamp;
  mode: Generated<'test' | 'live'>;
  last_login_at: NullableTimestamp;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfilesTable {
  id: string;
  email: string;
  is_admin: Generated<boolean>;
  admin_role: 'super_admin' | 'support_admin' | 'finance_admin' | 'compliance_admin' | null;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  business_name: string | null;
  website: string | null;
  phone: string | null;
  business_type: string | null;
  description: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
  avatar_url: string | null;
  risk_score: Generated<number>;
  documents: Generated<Json<string[]>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  auto_conversion_enabled: Generated<boolean>;
  conversion_currency: Generated<string>;
  email_notifications: Generated<boolean>;
  webhook_notifications: Generated<boolean>;
  payment_alerts: Generated<boolean>;
  api_key_expiry_days: Generated<number>;
  default_currency: Generated<string>;
  theme: Generated<'dark' | 'light' | 'auto'>;
  language: Generated<'en' | 'es' | 'fr' | 'de'>;
  auto_payout_enabled: Generated<boolean>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  mode: Generated<'test' | 'live'>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginChallengesTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: RequiredTimestamp;
  wrong_attempts: Generated<number>;
  sent_count: Generated<number>;
  ip: string | null;
  created_at: Timestamp;
  consumed_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  kind: 'confirm_email' | 'password_reset';
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  user_id: string | null;
  ip: string;
  success: boolean;
  created_at: Timestamp;
}

export interface SystemSettingsTable {
  category: string;
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_type: 'user' | 'admin' | 'api_key' | 'system';
  action: string;
  entity_type: string;
  entity_id: string | null;
  mode: 'test' | 'live' | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface DevMailTable {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  user_profiles: UserProfilesTable;
  user_settings: UserSettingsTable;
  sessions: SessionsTable;
  login_challenges: LoginChallengesTable;
  email_tokens: EmailTokensTable;
  login_attempts: LoginAttemptsTable;
  system_settings: SystemSettingsTable;
  audit_log: AuditLogTable;
  dev_mail: DevMailTable;
}
