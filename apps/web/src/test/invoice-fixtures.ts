import type { DocumentSnapshot, InvoiceDocument } from '@ginhawa/contract';

/** The golden senior case as the server prints it: a ₱1,120.00 massage → VAT-exempt ₱1,000.00, 20% off, ₱800.00 due. */
export const aSeniorSnapshot = (over: Partial<DocumentSnapshot> = {}): DocumentSnapshot => ({
  title: 'INVOICE',
  kind: 'invoice',
  document_no: '00001-SI-0000001001',
  issued_at: '2026-11-29T06:30:00.000Z',
  business_date: '2026-11-29',
  seller: {
    registered_name: 'Ginhawa Wellness Corporation',
    business_style: 'Ginhawa Spa',
    tin_line: 'VAT REG TIN 009-123-456-00001',
    address: '88 Salcedo Street, Makati City',
    vat_status: 'vat',
  },
  terminal: {
    name: 'Front desk 1',
    min: '26110000000000002',
    serial_number: 'GNH-00001-01',
    permit_number: 'FP112026-DEMO-00001-01',
    permit_date: '2026-01-10',
  },
  buyer: { name: 'Lola Santos', address: '', tin: '' },
  lines: [
    {
      description: 'Swedish massage',
      quantity: 1,
      unit_price: '1120.00',
      amount: '1120.00',
      tax_class: 'vat_exempt',
      special: true,
    },
  ],
  discounts: [{ kind: 'senior', label: 'Senior citizen discount', amount: '200.00' }],
  service_charge: '0.00',
  gross: '1120.00',
  tax: { vatable_sales: '0.00', vat: '0.00', vat_exempt_sales: '1000.00', zero_rated_sales: '0.00' },
  total_due: '800.00',
  notices: ['VAT-EXEMPT SALE'],
  payments: [{ method: 'cash', label: 'Cash', bank_name: null, reference_no: '', amount: '800.00' }],
  deposit: null,
  original: null,
  special_discount: { kind: 'senior', label: 'Senior citizen discount' },
  reason: null,
  cashier: 'Rhea Reception',
  software: {
    supplier_name: 'Ginhawa Software',
    supplier_address: 'Makati City',
    supplier_tin: '010-987-654',
    accreditation_no: 'DEMO-AC-0001',
    date_issued: '2026-01-05',
    valid_until: '2031-01-04',
  },
  ...over,
});

/** A non-VAT seller's invoice: no VAT box, the input-tax notice. */
export const aNonVatSnapshot = (): DocumentSnapshot =>
  aSeniorSnapshot({
    seller: {
      registered_name: 'Hilot ni Lola',
      business_style: '',
      tin_line: 'NON-VAT REG TIN 111-222-333-00000',
      address: 'Quezon City',
      vat_status: 'non_vat',
    },
    lines: [
      {
        description: 'Hilot',
        quantity: 1,
        unit_price: '1000.00',
        amount: '1000.00',
        tax_class: 'vatable',
        special: false,
      },
    ],
    discounts: [],
    gross: '1000.00',
    tax: null,
    total_due: '1000.00',
    notices: ['THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX'],
    payments: [{ method: 'e_wallet', label: 'GCash/Maya', bank_name: null, reference_no: 'GC-1', amount: '1000.00' }],
    special_discount: null,
  });

export const anInvoiceDocument = (snapshot: DocumentSnapshot = aSeniorSnapshot()): InvoiceDocument => ({
  id: 501,
  kind: snapshot.kind,
  number: 1001,
  document_no: snapshot.document_no,
  terminal: 2,
  terminal_name: snapshot.terminal.name,
  location: 2,
  location_name: 'Makati Salcedo',
  business_date: snapshot.business_date,
  issued_at: snapshot.issued_at,
  cashier_name: snapshot.cashier,
  client: 7,
  buyer_name: snapshot.buyer.name,
  sale_reference: 'A-41',
  original: null,
  gross: snapshot.gross,
  vatable_sales: snapshot.tax?.vatable_sales ?? '0.00',
  vat: snapshot.tax?.vat ?? '0.00',
  vat_exempt_sales: snapshot.tax?.vat_exempt_sales ?? '0.00',
  zero_rated_sales: snapshot.tax?.zero_rated_sales ?? '0.00',
  discount_senior: snapshot.discounts.find((d) => d.kind === 'senior')?.amount ?? '0.00',
  discount_pwd: '0.00',
  discount_other: '0.00',
  service_charge: snapshot.service_charge,
  total_due: snapshot.total_due,
  voided_at: null,
  void_reason: null,
  snapshot,
  special_discount: snapshot.special_discount
    ? { kind: 'senior', id_type: 'osca', id_number: 'OSCA-12345', name: 'Lola Santos', tin: '' }
    : null,
});
