import useSWR from 'swr';
import type { z } from 'zod';
import {
  EMPLOYEE_KIND_PATH,
  type membershipCategoryListQuerySchema,
  type treatmentCategoryListQuerySchema,
  type BankDirectoryEntry,
  type BankListQuery,
  type Employee,
  type EmployeeKind,
  type EmployeeListQuery,
  type Location,
  type LocationListQuery,
  PAYMENT_METHOD_LABELS,
  type Membership,
  type MembershipCategory,
  type MembershipListQuery,
  type Page,
  type PaymentMethod,
  type Treatment,
  type TreatmentCategory,
  type TreatmentListQuery,
} from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery } from './list-query';

/*
 * Option lists several features choose from. They live here, not in one feature's api, because a
 * feature imports no other feature; lib/ may call the API client, so these are the one exception
 * to "only features/*\/api reads the API" (docs/decisions/0008-admin-resource-screens.md).
 */

/** Treatments and memberships each have their own categories, with the same fields. */
export type CategoryKind = 'treatment' | 'membership';
export type Category = TreatmentCategory | MembershipCategory;

export const LOCATIONS_PATH = '/locations/';
export const categoriesPath = (kind: CategoryKind) => `/services/${kind}-categories/`;

/**
 * Locations to choose from, by name: active ones for a new workplace, all of them for a list's
 * filter. Not read while `enabled` is false.
 */
export const useLocationOptions = ({ activeOnly, enabled = true }: { activeOnly: boolean; enabled?: boolean }) =>
  useSWR<Page<Location>, unknown>(
    enabled
      ? withQuery(LOCATIONS_PATH, {
          ...ALL_ROWS,
          ordering: 'name',
          is_active: activeOnly ? 'true' : undefined,
        } satisfies LocationListQuery)
      : null,
    getPage<Location>,
  );

/** Every category of a kind, by name, for selects and filters. */
export const useCategoryOptions = (kind: CategoryKind) =>
  useSWR<Page<Category>, unknown>(
    withQuery(categoriesPath(kind), { ...ALL_ROWS, ordering: 'name' } satisfies z.input<
      typeof treatmentCategoryListQuerySchema | typeof membershipCategoryListQuerySchema
    >),
    getPage<Category>,
  );

/** Active treatments by name, for the sale and arrival dialogs. */
export const useTreatmentOptions = () =>
  useSWR<Page<Treatment>, unknown>(
    withQuery('/services/treatments/', {
      ...ALL_ROWS,
      ordering: 'name',
      is_active: 'true',
    } satisfies TreatmentListQuery),
    getPage<Treatment>,
  );

/** Active memberships by name, for the sale dialog. */
export const useMembershipOptions = () =>
  useSWR<Page<Membership>, unknown>(
    withQuery('/services/memberships/', {
      ...ALL_ROWS,
      ordering: 'name',
      is_active: 'true',
    } satisfies MembershipListQuery),
    getPage<Membership>,
  );

/**
 * How a payment's bank account reads in a select: its name and the masked number, the part every
 * reader is sent (docs/api.md: a non-admin never gets the number itself), so two accounts at one
 * bank stay apart for the cashier too.
 */
export const bankLabel = (bank: BankDirectoryEntry) => `${bank.name} · ${bank.account_number_masked}`;

/**
 * How a payment method reads where the desk chooses it: the e-wallets by the names people say,
 * GCash and Maya (as the floor's deposits do); reports and receipts keep PAYMENT_METHOD_LABELS.
 */
export const PAYMENT_CHOICE_LABELS: Record<PaymentMethod, string> = {
  ...PAYMENT_METHOD_LABELS,
  e_wallet: 'GCash / Maya (e-wallet)',
};

/** Active bank accounts by name, for card and bank-transfer payments (the sale dialog, the import). */
export const useBankOptions = () =>
  useSWR<Page<BankDirectoryEntry>, unknown>(
    withQuery('/banks/', { ...ALL_ROWS, ordering: 'name', is_active: 'true' } satisfies BankListQuery),
    getPage<BankDirectoryEntry>,
  );

/**
 * Active therapists or salespersons of one location (an arrival's therapist, a sale's salesperson
 * must work there); nothing is read until a location is chosen.
 */
export const useEmployeeOptions = (kind: EmployeeKind, location: number | null) =>
  useSWR<Page<Employee>, unknown>(
    location === null
      ? null
      : withQuery(`/${EMPLOYEE_KIND_PATH[kind]}/`, {
          ...ALL_ROWS,
          ordering: 'last_name',
          is_active: 'true',
          location: String(location),
        } satisfies EmployeeListQuery),
    getPage<Employee>,
  );

/**
 * A select's props with its value left blank until its options include it. A form may know its
 * value (a preselected location, a voucher's treatment) before the options arrive; MUI shows
 * nothing for a value it has no option for and warns about it.
 */
export const listedValue = <P extends { value?: unknown }>(
  props: P,
  options: readonly { id: number }[] | undefined,
): P =>
  props.value === '' ||
  props.value === null ||
  props.value === undefined ||
  options?.some((o) => String(o.id) === String(props.value))
    ? props
    : { ...props, value: '' };

/**
 * What a select says when its option list has loaded with nothing in it: what is missing and the
 * screen that adds it, so a new business's first sale or hire is not a dead end
 * (docs/decisions/0016-a-new-business-first-days.md). The words serve both an Admin,
 * who goes there, and the desk, who asks one.
 */
export const NO_OPTIONS = {
  locations: 'No locations yet: an Admin adds them under Admin → Locations.',
  treatmentCategories: 'No treatment categories yet: add one on the Treatment categories tab first.',
  treatments: 'No treatments yet: an Admin adds them under Admin → Services.',
  memberships: 'No memberships yet: an Admin adds them under Admin → Services → Memberships.',
  banks: 'No bank accounts yet: an Admin adds them under Admin → Banks (switched on in Settings → Features).',
  salespersons: 'No active salesperson works here: an Admin hires one under Admin → Employees.',
  therapists: 'No active therapist works here: an Admin hires one under Admin → Employees.',
} as const;

/** `NO_OPTIONS[list]` once the options have loaded empty, else `hint` (while loading too). */
export const hintUnlessEmpty = (
  options: { count: number } | undefined,
  list: keyof typeof NO_OPTIONS,
  hint?: string,
): string | undefined => (options?.count === 0 ? NO_OPTIONS[list] : hint);
