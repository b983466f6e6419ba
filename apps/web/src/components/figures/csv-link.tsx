import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { API_URL } from '../../config/env';
import { withQuery } from '../../lib/list-query';

/** The `?format=csv` link of a report or list: the browser downloads it with the session cookie. */
export const csvHref = (path: string, params: Record<string, unknown>): string =>
  API_URL + withQuery(path, { ...params, format: 'csv' });

/** "Export CSV": the same report with `?format=csv`, downloaded by the browser. */
export const CsvLink = ({
  path,
  params,
  label = 'Export CSV',
}: {
  path: string;
  params: Record<string, unknown>;
  label?: string;
}) => (
  <Button
    component="a"
    href={csvHref(path, params)}
    download
    size="small"
    variant="outlined"
    startIcon={<FileDownloadOutlined />}
  >
    {label}
  </Button>
);
