import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { csvHref } from '../api/reports-keys';

/** "Export CSV": the same report with `?format=csv`, downloaded by the browser. */
export const CsvLink = ({ path, params, label = 'Export CSV' }: { path: string; params: Record<string, unknown>; label?: string }) => (
  <Button component="a" href={csvHref(path, params)} download size="small" variant="outlined" startIcon={<FileDownloadOutlined />}>
    {label}
  </Button>
);
