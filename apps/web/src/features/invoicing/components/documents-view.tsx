import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SPECIAL_ID_TYPE_LABELS, formatPeso, type InvoiceDocument } from '@ginhawa/contract';
import { formatDateTime } from '../../../lib/format';

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : undefined }}>
    <span>{label}</span>
    <span>{value}</span>
  </Box>
);

/**
 * A plain read of a document as it was printed (its snapshot, decision 1002): the title and number,
 * "VOID" with the reason once voided, the seller, terminal and buyer, the lines, the discounts, the
 * tax box, the total, the payments and the senior/PWD ID when the reader may see it (decision 1015).
 * The invoice dialog's print view replaces it once it is exported for reuse.
 */
export const DocumentView = ({ document }: { document: InvoiceDocument }) => {
  const s = document.snapshot;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, fontSize: 14 }}>
      {document.voided_at ? (
        <Alert severity="error" variant="outlined" sx={{ fontWeight: 700 }}>
          VOID · {formatDateTime(document.voided_at)}
          {document.void_reason ? ` · ${document.void_reason}` : ''}
        </Alert>
      ) : null}
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="body2">{s.seller.registered_name}</Typography>
        {s.seller.business_style ? <Typography variant="body2">{s.seller.business_style}</Typography> : null}
        <Typography variant="body2">{s.seller.tin_line}</Typography>
        <Typography variant="body2">{s.seller.address}</Typography>
        <Typography variant="h5" component="p" sx={{ mt: 1, fontWeight: 700 }}>
          {s.title}
        </Typography>
        <Typography variant="h6" component="p">
          No. {s.document_no}
        </Typography>
        <Typography variant="body2">{formatDateTime(s.issued_at)}</Typography>
      </Box>
      {s.notices.map((notice) => (
        <Typography key={notice} variant="body2" sx={{ textAlign: 'center', fontWeight: 700 }}>
          {notice}
        </Typography>
      ))}
      <Typography variant="body2">
        {s.terminal.name} · MIN {s.terminal.min || '—'} · SN {s.terminal.serial_number || '—'} · Permit{' '}
        {s.terminal.permit_number || '—'}
      </Typography>
      <Typography variant="body2">
        Sold to: {s.buyer.name || '—'}
        {s.buyer.tin ? ` · TIN ${s.buyer.tin}` : ''}
        {s.buyer.address ? ` · ${s.buyer.address}` : ''}
      </Typography>
      {s.original ? <Typography variant="body2">For invoice {s.original.document_no}</Typography> : null}
      {s.reason ? <Typography variant="body2">Reason: {s.reason}</Typography> : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Lines">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatPeso(line.unit_price)}</TableCell>
                <TableCell align="right">{formatPeso(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        {s.discounts.map((d) => (
          <Row key={d.kind} label={d.label} value={`−${formatPeso(d.amount)}`} />
        ))}
        {s.service_charge !== '0.00' ? <Row label="Service charge" value={formatPeso(s.service_charge)} /> : null}
        {s.tax ? (
          <>
            <Row label="VATable sales" value={formatPeso(s.tax.vatable_sales)} />
            <Row label="VAT" value={formatPeso(s.tax.vat)} />
            <Row label="VAT-exempt sales" value={formatPeso(s.tax.vat_exempt_sales)} />
            <Row label="Zero-rated sales" value={formatPeso(s.tax.zero_rated_sales)} />
          </>
        ) : null}
        <Divider />
        <Row label="Total amount due" value={formatPeso(s.total_due)} strong />
        {s.deposit ? (
          <Row
            label={`Deposit${s.deposit.document_no ? ` (${s.deposit.document_no})` : ''}`}
            value={formatPeso(s.deposit.amount)}
          />
        ) : null}
        {s.payments.map((p, index) => (
          <Row
            key={index}
            label={[p.label, p.bank_name, p.reference_no].filter(Boolean).join(' · ')}
            value={formatPeso(p.amount)}
          />
        ))}
      </Box>
      {document.special_discount ? (
        <Typography variant="body2">
          {s.special_discount?.label ?? 'Senior citizen / PWD'}: {document.special_discount.name} ·{' '}
          {SPECIAL_ID_TYPE_LABELS[document.special_discount.id_type]} {document.special_discount.id_number}
          {document.special_discount.tin ? ` · TIN ${document.special_discount.tin}` : ''}
        </Typography>
      ) : null}
      <Typography variant="body2" color="textSecondary">
        Cashier: {s.cashier}
      </Typography>
    </Box>
  );
};
