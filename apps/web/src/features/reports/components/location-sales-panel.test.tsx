import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { chartSeries, LocationSalesPanel } from './location-sales-panel';
import { locationSales } from './reports-fixtures';

const setup = () => {
  const onChange = vi.fn();
  renderWithRouter(<LocationSalesPanel period={{ month: 2, year: 2024 }} onChange={onChange} />, {
    path: '/admin/reports?tab=locations',
  });
  return { onChange };
};

describe('location sales panel', () => {
  it('draws the month as a chart and lists each location’s total, linking to its lines', async () => {
    const calls = mockApi({ 'GET /reports/get-location-sales/': { status: 200, data: locationSales } });
    setup();
    const table = await screen.findByRole('table', { name: 'Sales by location' });
    expect(within(table).getByRole('link', { name: 'Makati' })).toHaveAttribute(
      'href',
      '/admin/reports?tab=lines&location=1&date_from=2024-02-01&date_to=2024-02-29',
    );
    expect(within(table).getByText('₱2,000.50')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Net sales per day, February 2024' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/reports/get-location-sales/?month=2&year=2024');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/get-location-sales/?month=2&year=2024&format=csv',
    );
  });

  it('changes the month', async () => {
    mockApi({ 'GET /reports/get-location-sales/': { status: 200, data: locationSales } });
    const { onChange } = setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Month' }));
    await userEvent.click(await screen.findByRole('option', { name: 'March' }));
    expect(onChange).toHaveBeenCalledWith({ month: 3 });
  });

  it('says when the month has no sales instead of drawing an empty chart', async () => {
    mockApi({
      'GET /reports/get-location-sales/': {
        status: 200,
        data: { ...locationSales, locations: [], total: '0.00', count: 0 },
      },
    });
    setup();
    expect(await screen.findByText('No sales in February 2024.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence when the figures cannot be loaded', async () => {
    mockApi({
      'GET /reports/get-location-sales/': {
        status: 403,
        data: { message: 'You do not have permission to perform this action.' },
      },
    });
    setup();
    expect(await screen.findByText('The location sales could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it('plots every day of a past month, and no point for days still to come', () => {
    const past = chartSeries(locationSales, '2024-03-05');
    expect(past.days).toHaveLength(29);
    expect(past.series[0]!.data.at(-1)).toBe(1200.5);
    expect(past.series[1]!.data[1]).toBe(0);
    const current = chartSeries(locationSales, '2024-02-10');
    expect(current.series[1]!.data.slice(8, 11)).toEqual([0, 0, null]);
    expect(current.series[0]!.data.at(-1)).toBeNull();
  });
});
