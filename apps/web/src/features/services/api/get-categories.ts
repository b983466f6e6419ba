import { membershipCategoryListQuerySchema, treatmentCategoryListQuerySchema } from '@ginhawa/contract';
import { withQuery, type ListResource } from '../../../lib/list-query';
import { categoriesPath, type Category, type CategoryKind } from '../../../lib/options';
import { deleteCategory } from './delete-category';
import { servicesStale } from './query';

export { categoriesPath, useCategoryOptions, type Category, type CategoryKind } from '../../../lib/options';

/** How many treatments (or memberships) a category holds, whichever kind it is. */
export const usageCount = (category: Category): number =>
  'treatments_count' in category ? category.treatments_count : category.memberships_count;

const schemas = { treatment: treatmentCategoryListQuerySchema, membership: membershipCategoryListQuerySchema } as const;

type CategoriesResource = ListResource<Category, (typeof schemas)[CategoryKind]>;

const resourceOf = (kind: CategoryKind): CategoriesResource => ({
  schema: schemas[kind],
  key: (query) => withQuery(categoriesPath(kind), query),
  stale: servicesStale,
  remove: (category) => deleteCategory(kind, category.id),
});

const resources: Record<CategoryKind, CategoriesResource> = {
  treatment: resourceOf('treatment'),
  membership: resourceOf('membership'),
};

/** Treatment or membership categories, searched and ordered on the server. */
export const categoriesResource = (kind: CategoryKind) => resources[kind];
