import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderInProviders } from '../../../test/render';
import { NewRunDialog } from './new-run-dialog';

describe('the Compute a pay run dialog', () => {
  it('asks for a branch, in the screen’s word, when none is chosen and sends nothing', async () => {
    const calls = mockApi({});
    renderInProviders(
      <NewRunDialog
        locations={[
          { id: 1, name: 'Makati' },
          { id: 2, name: 'BGC' },
        ]}
        location={null}
        onClose={vi.fn()}
        onComputed={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Compute a pay run' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Compute draft' }));
    expect(await within(dialog).findByText('Choose a branch.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose a location.')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
