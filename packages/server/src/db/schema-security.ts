/** Table types of accounts, roles and security settings (migration 0003_security). */
import type { Generated } from 'kysely';

/** Console-wide settings as JSON by key: company profile, branding, SMTP, which ACLs are on. */
export interface ConsoleSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AclEntriesTable {
  id: Generated<number>;
  /** 'accessControl' or 'adminAcl'. */
  list: string;
  ip_address: string;
  description: string;
  created_at: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** sha256 of the secret; the secret itself is shown once and never stored. */
  token_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  end_date: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface WebauthnCredentialsTable {
  /** The credential id, base64url. */
  id: string;
  user_id: number;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports the browser reported. */
  transports: string;
  created_at: number;
  last_used_at: number | null;
}

/** Challenges handed out and not yet answered; each is used once. In the database so replicas share them. */
export interface WebauthnChallengesTable {
  challenge: string;
  /** 'register' or 'login'. */
  purpose: string;
  user_id: number | null;
  expires_at: number;
}

/** Small uploaded images (user icons, logo, favicon), in the database so every replica serves them. */
export interface StoredFilesTable {
  key: string;
  content_type: string;
  /** base64 of the bytes: one column type on both dialects. */
  data: string;
  size: number;
  updated_at: number;
}

export interface SecurityTables {
  console_settings: ConsoleSettingsTable;
  acl_entries: AclEntriesTable;
  access_tokens: AccessTokensTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  stored_files: StoredFilesTable;
}
