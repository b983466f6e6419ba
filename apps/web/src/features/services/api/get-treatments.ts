import useSWR from 'swr';
import { treatmentListQuerySchema, type Page, type Treatment, type TreatmentListQuery } from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery, type ListResource } from '../../../lib/list-query';
import { deleteTreatment } from './delete-treatment';
import { servicesStale } from './query';

export const treatmentsKey = (query: TreatmentListQuery) => withQuery('/services/treatments/', query);

/** Treatments, searched, filtered and ordered on the server. */
export const treatmentsResource: ListResource<Treatment, typeof treatmentListQuerySchema> = {
  schema: treatmentListQuerySchema,
  key: treatmentsKey,
  stale: servicesStale,
  remove: (treatment) => deleteTreatment(treatment.id),
};

/** Every active treatment, for choosing what a membership includes. */
export const useActiveTreatmentOptions = () =>
  useSWR<Page<Treatment>, unknown>(
    treatmentsKey({ ...ALL_ROWS, ordering: 'category,name', is_active: 'true' }),
    getPage<Treatment>,
  );
