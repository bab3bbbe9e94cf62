import { initContract } from '@ts-rest/core';
import { appPasswordsContract } from './app-passwords';
import { authContract } from './auth';
import { eventsContract } from './events';
import { notesContract } from './notes';
import { passkeysContract } from './passkeys';
import { preferencesContract } from './preferences';
import { sessionsContract } from './sessions';
import { settingsContract } from './settings';
import { summarizeContract } from './summarize';
import { todosContract } from './todos';
import { transferContract } from './transfer';
import { trashContract } from './trash';
import { twoFactorContract } from './two-factor';

const c = initContract();

/**
 * Every route of the Prodify API. Each route's `metadata.auth` says whether it needs a signed-in
 * user; the API's auth plugin and the access-control tests both read it from here.
 */
export const contract = c.router(
  {
    auth: authContract,
    notes: notesContract,
    summarize: summarizeContract,
    todos: todosContract,
    events: eventsContract,
    settings: settingsContract,
    preferences: preferencesContract,
    sessions: sessionsContract,
    twoFactor: twoFactorContract,
    passkeys: passkeysContract,
    trash: trashContract,
    transfer: transferContract,
    appPasswords: appPasswordsContract,
  },
  { strictStatusCodes: true },
);

export type Contract = typeof contract;
