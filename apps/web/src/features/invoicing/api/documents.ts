import useSWR from 'swr';
import {
  documentListQuerySchema,
  type CreditMemoBody,
  type DocumentVoidBody,
  type DocumentVoidRequest,
  type InvoiceDocument,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';

/** The documents the terminals issued (issue 33): read, voided, credited; never deleted. */
export const DOCUMENTS_PATH = '/invoicing/documents/';

/** A void or credit memo changes the document, its list, the terminals' next numbers and the day's sales. */
const stale = under(DOCUMENTS_PATH, '/invoicing/terminals/', '/sales/', '/reports/');

export const documentsResource: ListResource<InvoiceDocument, typeof documentListQuerySchema> = {
  schema: documentListQuerySchema,
  key: (query) => withQuery(DOCUMENTS_PATH, query),
  stale,
  // No document is ever deleted (a void keeps its number): the list offers no delete.
  remove: async () => undefined,
};

export const documentKey = (id: number) => `${DOCUMENTS_PATH}${id}/`;

/** One document with the senior/PWD ID (decision 1015); null `id` reads nothing. */
export const useDocument = (id: number | null) =>
  useSWR<InvoiceDocument, unknown>(id === null ? null : documentKey(id), getOne<InvoiceDocument>);

export const useRevalidateDocuments = () => useRevalidate(stale);

export const voidDocument = async (id: number, body: DocumentVoidBody): Promise<InvoiceDocument> =>
  (await apiClient.post<InvoiceDocument>(`${documentKey(id)}void/`, body)).data;

/** The desk asks the branch's Managers and the Admins to void it (decision 1016). */
export const requestVoid = async (id: number, body: DocumentVoidBody): Promise<DocumentVoidRequest> =>
  (await apiClient.post<DocumentVoidRequest>(`${documentKey(id)}void-request/`, body)).data;

export const issueCreditMemo = async (id: number, body: CreditMemoBody): Promise<InvoiceDocument> =>
  (await apiClient.post<InvoiceDocument>(`${documentKey(id)}credit-memo/`, body)).data;
