import useSWR from 'swr';
import type { Bank, Employee, Page } from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery } from '../../../lib/list-query';

/** Salespersons of a location, for the import form's lines. */
export const useSalespersonOptions = (location: number | null) =>
  useSWR<Page<Employee>, unknown>(
    location ? withQuery('/salespersons/', { ...ALL_ROWS, location, is_active: 'true', ordering: 'last_name' }) : null,
    getPage<Employee>,
  );

/** Active bank accounts, for card and bank-transfer lines. */
export const useBankOptions = () =>
  useSWR<Page<Bank>, unknown>(
    withQuery('/banks/', { ...ALL_ROWS, is_active: 'true', ordering: 'name' }),
    getPage<Bank>,
  );
