import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { EarnedTile } from './earned-tile';
import { myEarnings } from './payroll-fixtures';

describe('Earned this cutoff', () => {
  // That it moves live is the live provider's test (earnings_changed revalidates /payroll/my-earnings/).
  it('shows my total for the current cutoff and my latest lines', async () => {
    const calls = mockApi({ 'GET /payroll/my-earnings/': { status: 200, data: myEarnings('150.00') } });
    render(
      <AppProvider swr={testSwr}>
        <EarnedTile />
      </AppProvider>,
    );
    expect(await screen.findByTestId('earned-this-cutoff')).toHaveTextContent('₱150.00');
    expect(screen.getByText('16 Nov 2026 to 30 Nov 2026 · services ₱150.00 · sales ₱0.00')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Latest earnings' })).toHaveTextContent(
      'Hot Stone Massage for Carla Santos',
    );
    // No period given: the server answers the current Manila cutoff.
    expect(calls.map((c) => c.url)).toEqual(['/payroll/my-earnings/']);
  });

  it('shows why the earnings could not be loaded', async () => {
    mockApi({ 'GET /payroll/my-earnings/': { status: 403, data: { message: 'You have no employee record.' } } });
    render(
      <AppProvider swr={testSwr}>
        <EarnedTile />
      </AppProvider>,
    );
    expect(await screen.findByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You have no employee record.')).toBeInTheDocument();
  });
});
