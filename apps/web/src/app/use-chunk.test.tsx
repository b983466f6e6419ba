import { Component, useState, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChunk } from './use-chunk';

type Chunk = { Greeting: () => ReactNode };
const chunk: Chunk = { Greeting: () => <p>Loaded</p> };

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const Shows = ({ load, loaded }: { load: () => Promise<Chunk>; loaded: () => Chunk | undefined }) => {
  // One chunk for the component's life, as a module-level `rememberedChunk` is.
  const [source] = useState(() => ({ load, loaded }));
  const module = useChunk(source);
  return module ? <module.Greeting /> : <p>Waiting</p>;
};

describe('useChunk (decision 1088)', () => {
  it('draws a chunk that is here already in the first render, without loading it again', () => {
    let loads = 0;
    const load = () => ((loads += 1), Promise.resolve(chunk));
    render(<Shows load={load} loaded={() => chunk} />);
    expect(screen.getByText('Loaded')).toBeInTheDocument();
    expect(loads).toBe(0);
  });

  it('draws the fallback, then the chunk once it has loaded', async () => {
    let arrive: (c: Chunk) => void = () => undefined;
    const pending = new Promise<Chunk>((resolve) => (arrive = resolve));
    render(<Shows load={() => pending} loaded={() => undefined} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    arrive(chunk);
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
  });

  it('hands a failed load to the nearest error boundary', async () => {
    const error = new Error('This screen could not be loaded.');
    // React reports the caught error on the console; the test reads it from the boundary instead.
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <Boundary>
          <Shows load={() => Promise.reject(error)} loaded={() => undefined} />
        </Boundary>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded.');
    } finally {
      console.error = original;
    }
  });
});
