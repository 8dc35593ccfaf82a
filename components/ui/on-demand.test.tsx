import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { onDemand } from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('onDemand', () => {
  it('shows the fallback until the code has come, then the component; a later mount renders at once', async () => {
    let arrive!: () => void;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => { arrive = () => resolve(Greeting); }));
    const Part = onDemand(load);
    const first = render(<Part.Component name="Asha" fallback={<span>loading</span>} />);
    screen.getByText('loading');
    arrive();
    await screen.findByText('Hello Asha');
    first.unmount();

    render(<Part.Component name="Ravi" />);
    screen.getByText('Hello Ravi');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches once for a preload and the mounts that follow', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = onDemand(load);
    await Part.preload();
    render(<Part.Component name="Asha" />);
    screen.getByText('Hello Asha');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback when the fetch fails, without throwing, and tries again on the next mount', async () => {
    const load = vi.fn()
      .mockImplementationOnce(() => Promise.reject(new Error('ChunkLoadError')))
      .mockImplementation(() => Promise.resolve(Greeting));
    const Part = onDemand<{ name: string }>(load);
    const first = render(<Part.Component name="Asha" fallback={<span>loading</span>} />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    screen.getByText('loading');
    first.unmount();

    render(<Part.Component name="Asha" />);
    await screen.findByText('Hello Asha');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
