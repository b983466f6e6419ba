import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { LineSource } from './line-source';
import { line } from './payroll-fixtures';

describe('LineSource', () => {
  it('says a service-charge adjustment corrects that cutoff’s run and links to it', async () => {
    renderWithRouter(
      <LineSource
        line={line({
          source: 'adjustment',
          adjusted_source: 'service_charge',
          source_id: 4,
          client: null,
          description: 'Adjustment: service charge of 1–15 Nov 2026 (pool now ₱0.00)',
          amount: '-10.00',
          adjusts_line: 70,
          adjusts_run: 4,
        })}
      />,
    );
    expect(await screen.findByText(/Corrects the service charge of run #4/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'run #4' })).toHaveAttribute('href', '/?run=4&employee=21');
  });
});
