import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { PayRunsTile } from './pay-runs-tile';
import { page, payRun } from './payroll-fixtures';

describe('Pay runs tile', () => {
  it('lists the latest runs, each an item of the list that links to its run', async () => {
    mockApi({ 'GET /payroll/runs/': { status: 200, data: page([payRun('submitted', 5), payRun('draft', 6)]) } });
    renderWithRouter(<PayRunsTile path="/payroll" />, { path: '/dashboard' });
    const items = await screen.findAllByRole('listitem');
    // Each link sits inside an item: a link straight in the <ul> fails axe's "list" rule.
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/payroll?run=5',
      '/payroll?run=6',
    ]);
    expect(items[0]).toHaveTextContent('₱1,850.00');
    expect(within(items[0]!).getByText('Submitted')).toBeInTheDocument();
  });
});
