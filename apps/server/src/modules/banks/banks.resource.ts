import { ilike, or } from 'drizzle-orm';
import { BANK_DIRECTORY_ORDERING, bankDirectorySchema, bankResource, maskAccountNumber } from '@ginhawa/contract';
import { bankConstraints, banks } from '../../db/schema/index';
import { defineResource } from '../../db/define-resource';
import { fieldError } from '../../lib/http-error';
import { likePattern } from '../../lib/list';
import { isAdmin } from '../../lib/actor';

const DIRECTORY_ORDERING = new Set<string>(BANK_DIRECTORY_ORDERING);

/**
 * /api/banks/: the accounts the business receives card and transfer payments into. Every signed-in
 * person reads (choosing the account a card or transfer went to); only Admin writes. Only an Admin
 * reads the whole record, searches by account name or number, or sorts by them (docs/decisions/0011):
 * a digit-by-digit search would spell out a number the directory masks.
 */
export const banksModule = defineResource({
  prefix: '/banks',
  table: banks,
  schemas: bankResource,
  label: 'bank account',
  writers: ['Admin'],
  constraints: bankConstraints,
  search: (search, actor) => {
    const pattern = likePattern(search);
    if (!isAdmin(actor)) return ilike(banks.name, pattern);
    const digits = search.replace(/[\s-]/g, '');
    return or(
      ilike(banks.name, pattern),
      ilike(banks.accountName, pattern),
      /^\d+$/.test(digits) ? ilike(banks.accountNumber, likePattern(digits)) : undefined,
    );
  },
  filters: { is_active: 'isActive' },
  ordering: {
    name: 'name',
    account_name: 'accountName',
    account_number: 'accountNumber',
    is_active: 'isActive',
    created_at: 'createdAt',
    id: 'id',
  },
  defaultOrder: ['name'],
  checkQuery: (query, actor) => {
    const hidden = isAdmin(actor)
      ? undefined
      : query.ordering?.find((part) => !DIRECTORY_ORDERING.has(part.replace(/^-/, '')));
    if (hidden) throw fieldError('ordering', `Order by one of: ${BANK_DIRECTORY_ORDERING.join(', ')}.`);
  },
  extra: (row) => ({ account_number_masked: maskAccountNumber(row.accountNumber) }),
  // One bank may hold several accounts, but not the same number twice (banks_name_account_idx).
  unique: {
    column: 'name',
    caseInsensitive: true,
    with: 'accountNumber',
    message: 'This bank already has an account with this number.',
    field: 'account_number',
  },
  remove: {
    name: (row) => `Bank account ${row.name} ${maskAccountNumber(row.accountNumber)}`,
    inUse: 'is used by recorded payments',
  },
  // Parsing through the directory schema drops every key it does not declare, the full number among them.
  view: (actor) => (bank) => (isAdmin(actor) ? bank : bankDirectorySchema.parse(bank)),
});
