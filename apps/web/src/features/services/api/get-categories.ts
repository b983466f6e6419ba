import useSWR from 'swr';
import type { MembershipCategory, Page, TreatmentCategory } from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery, type ListParams } from './query';

/** Treatments and memberships each have their own categories, with the same fields. */
export type CategoryKind = 'treatment' | 'membership';
export type Category = TreatmentCategory | MembershipCategory;

export const categoriesPath = (kind: CategoryKind) => `/services/${kind}-categories/`;

export const categoriesKey = (kind: CategoryKind, params: ListParams) => withQuery(categoriesPath(kind), params);

/** How many treatments (or memberships) a category holds, whichever kind it is. */
export const usageCount = (category: Category): number => ('treatments_count' in category ? category.treatments_count : category.memberships_count);

export const useCategories = (kind: CategoryKind, params: ListParams) => useSWR<Page<Category>, unknown>(categoriesKey(kind, params), getPage<Category>);

/** Every category of a kind, by name, for selects and filters. */
export const useCategoryOptions = (kind: CategoryKind) => useSWR<Page<Category>, unknown>(categoriesKey(kind, ALL_ROWS), getPage<Category>);
