import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../../lib/chunk';
import { RouteError } from './route-error';

const renderFailing = (failure: () => never) => {
  const Broken = () => failure();
  const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteError }]);
  render(<RouterProvider router={router} />);
};

describe('route error boundary', () => {
  it("shows 'Unexpected Application Error!' with the message", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailing(() => {
      throw new Error('Cannot read the client list');
    });
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read the client list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('shows a screen that failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailing(() => {
      throw new ChunkLoadError(
        'This screen did not load within 120 seconds. Check your connection and reload the page.',
      );
    });
    expect(screen.getByText(/did not load within 120 seconds/)).toBeInTheDocument();
  });
});
