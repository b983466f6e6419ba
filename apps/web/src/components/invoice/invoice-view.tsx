import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { InvoiceDocument } from '@ginhawa/contract';
import { printedLines, type Copy, type PrintedLine } from './invoice-lines';

/** The two papers a document prints on (decision 1012): an 80 mm thermal roll, or A4. */
export type Paper = '80mm' | 'a4';
export const PAPER_LABELS: Record<Paper, string> = { '80mm': '80 mm roll', a4: 'A4' };

/** "Paper: 80 mm roll | A4", above a document or a reading; `id` names the label it is read by. */
export const PaperChoice = ({
  id,
  paper,
  onChange,
}: {
  id: string;
  paper: Paper;
  onChange: (paper: Paper) => void;
}) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
    <Typography variant="body2" color="textSecondary" id={id}>
      Paper
    </Typography>
    <ToggleButtonGroup
      exclusive
      size="small"
      value={paper}
      aria-labelledby={id}
      onChange={(_e, value: Paper | null) => value && onChange(value)}
    >
      {(Object.keys(PAPER_LABELS) as Paper[]).map((p) => (
        <ToggleButton key={p} value={p} sx={{ minHeight: 44, px: 2 }}>
          {PAPER_LABELS[p]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  </Box>
);

const Line = ({ line, paper }: { line: PrintedLine; paper: Paper }) => {
  const small = paper === '80mm';
  switch (line.kind) {
    case 'rule':
      return <Divider sx={{ my: 0.75, borderStyle: 'dashed', borderColor: 'text.secondary' }} />;
    case 'mark':
      return (
        <Typography
          component="p"
          sx={{ fontWeight: 800, textAlign: 'center', fontSize: small ? 16 : 20, border: '2px solid', my: 0.5 }}
        >
          {line.text}
        </Typography>
      );
    case 'title':
      return (
        <Typography component="h3" sx={{ fontWeight: 800, textAlign: 'center', fontSize: small ? 22 : 28, mt: 0.5 }}>
          {line.text}
        </Typography>
      );
    case 'number':
      return (
        <Typography component="p" sx={{ fontWeight: 700, textAlign: 'center', fontSize: small ? 15 : 18, mb: 0.5 }}>
          {line.text}
        </Typography>
      );
    case 'center':
      return (
        <Typography
          component="p"
          sx={{ textAlign: 'center', fontSize: small ? 12 : 13, fontWeight: line.strong ? 700 : 400 }}
        >
          {line.text}
        </Typography>
      );
    case 'heading':
      return (
        <Typography component="p" sx={{ fontWeight: 700, fontSize: small ? 12 : 13, textTransform: 'uppercase' }}>
          {line.text}
        </Typography>
      );
    case 'notice':
      return (
        <Typography component="p" sx={{ fontWeight: 800, textAlign: 'center', fontSize: small ? 13 : 15, my: 0.5 }}>
          {line.text}
        </Typography>
      );
    case 'text':
      return (
        <Typography component="p" sx={{ fontSize: small ? 11 : 12, color: 'text.secondary', pl: 1 }}>
          {line.text}
        </Typography>
      );
    case 'row':
      return (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, fontSize: small ? 12 : 13 }}>
          {/* The label keeps a third of the width; a long value (a permit number) wraps on its side. */}
          <Box
            component="span"
            sx={{ flex: '1 1 auto', minWidth: '33%', overflowWrap: 'anywhere', fontWeight: line.strong ? 800 : 400 }}
          >
            {line.left}
          </Box>
          <Box
            component="span"
            sx={{
              // An amount never breaks; a long value (a permit number, an address) may.
              flex: line.right.length <= 16 ? '0 0 auto' : '0 1 auto',
              minWidth: 0,
              overflowWrap: 'anywhere',
              textAlign: 'right',
              fontWeight: line.strong ? 800 : 400,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {line.right}
          </Box>
        </Box>
      );
  }
};

/**
 * Printed lines on the chosen paper: the invoice below, and the readings' printout (X and Z), so
 * both look and print alike.
 */
export const PrintedLinesView = ({
  lines,
  label,
  paper = '80mm',
}: {
  lines: readonly PrintedLine[];
  /** The printout's accessible name: "INVOICE 00000-SI-0000000012". */
  label: string;
  paper?: Paper;
}) => (
  <Box
    role="document"
    aria-label={label}
    data-paper={paper}
    sx={{
      color: 'text.primary',
      lineHeight: 1.35,
      mx: 'auto',
      width: '100%',
      maxWidth: paper === '80mm' ? '72mm' : '180mm',
      '& p': { m: 0 },
    }}
  >
    {lines.map((line, i) => (
      <Line key={i} line={line} paper={paper} />
    ))}
  </Box>
);

/**
 * A document as printed (issue 33): "INVOICE" and its number large, the seller with its TIN line,
 * the terminal, the buyer, the lines, discounts by kind, the tax box, the notices, the senior/PWD
 * ID, payments, the cashier and the software block; "REPRINT" or "VOID" above when so. The same
 * lines the PDF and the text copy are drawn from (invoice-lines.ts).
 */
export const InvoiceView = ({
  document: doc,
  copy = { reprint: null },
  paper = '80mm',
}: {
  document: InvoiceDocument;
  copy?: Copy;
  paper?: Paper;
}) => (
  <PrintedLinesView lines={printedLines(doc, copy)} label={`${doc.snapshot.title} ${doc.document_no}`} paper={paper} />
);
