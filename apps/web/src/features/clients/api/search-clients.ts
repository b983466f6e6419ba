import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ClientSearchQuery, ClientSearchResult } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';

const SEARCH_DELAY_MS = 250;

/**
 * Client search as you type: the text settles for a moment before it is sent, and each text is its
 * own SWR key, so an answer to an older text never shows for a newer one.
 */
export const useClientSearch = (text: string) => {
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const swr = useSWR<ClientSearchResult, unknown>(
    q ? withQuery('/clients/search/', { q } satisfies ClientSearchQuery) : null,
    getOne<ClientSearchResult>,
    {
      keepPreviousData: true,
    },
  );
  return { ...swr, q, settled: q === text.trim() };
};
