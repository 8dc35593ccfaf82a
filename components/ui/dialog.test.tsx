import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import { Dialog, DialogTitle } from './dialog';
import { Sheet } from './sheet';

/** A page with a button that opens a Sheet holding two buttons. */
function SheetPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Pick one" closeLabel="Close">
        <button type="button">First</button>
        <button type="button">Second</button>
      </Sheet>
    </>
  );
}

describe('Sheet on the shared Dialog', () => {
  it('opens labelled by its title with focus inside, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const { user } = renderWithApp(<SheetPage />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const sheet = await screen.findByRole('dialog', { name: 'Pick one' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button', async () => {
    const { user } = renderWithApp(<SheetPage />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Pick one' });

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Dialog: a press on the backdrop', () => {
  const panel = (role: 'dialog' | 'alertdialog', onClose: () => void) => (
    <Dialog role={role} onClose={onClose} described={false} overlayClassName="fixed inset-0" className="m-auto">
      <DialogTitle>Title</DialogTitle>
      <button type="button">Inside</button>
    </Dialog>
  );

  it('closes a dialog', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(panel('dialog', onClose));
    const dialog = await screen.findByRole('dialog', { name: 'Title' });

    await user.click(dialog.parentElement!);

    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close an alertdialog, which waits for an answer', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(panel('alertdialog', onClose));
    const dialog = await screen.findByRole('alertdialog', { name: 'Title' });

    await user.click(dialog.parentElement!);
    await user.click(screen.getByRole('button', { name: 'Inside' }));

    expect(onClose).not.toHaveBeenCalled();
  });
});
