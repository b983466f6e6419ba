import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BranchSelect } from './branch-select';

const MAKATI = { id: 1, name: 'Makati' };
const BGC = { id: 2, name: 'BGC' };

/** The select in a screen that keeps its choice, shown beside it as the screen would ask for it. */
const Harness = ({ locations, admin }: { locations: { id: number; name: string }[]; admin: boolean }) => {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <BranchSelect locations={locations} admin={admin} value={value} onChange={setValue} />
      <output aria-label="Asked for">{value === null ? 'all' : String(value)}</output>
    </>
  );
};

const askedFor = () => screen.getByRole('status', { name: 'Asked for' }).textContent;

describe('BranchSelect', () => {
  it('is not there for a Manager of one branch', () => {
    render(<Harness locations={[MAKATI]} admin={false} />);
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
  });

  it('offers an Admin all branches or one, and gives the chosen one as a number', async () => {
    render(<Harness locations={[MAKATI]} admin />);
    const select = screen.getByRole('combobox', { name: 'Branch' });
    expect(select).toHaveTextContent('All branches');
    await userEvent.click(select);
    await userEvent.click(screen.getByRole('option', { name: 'Makati' }));
    expect(askedFor()).toBe('1');
    await userEvent.click(select);
    await userEvent.click(screen.getByRole('option', { name: 'All branches' }));
    expect(askedFor()).toBe('all');
  });

  it('says "All my branches" to a Manager of several', async () => {
    render(<Harness locations={[MAKATI, BGC]} admin={false} />);
    const select = screen.getByRole('combobox', { name: 'Branch' });
    expect(select).toHaveTextContent('All my branches');
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All my branches', 'Makati', 'BGC']);
  });
});
