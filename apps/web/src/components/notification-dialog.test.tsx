import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render-routes';
import { NotificationDialog } from './notification-dialog';

describe('notification dialog', () => {
  it('has a title, a text, keeps focus inside and closes by button or Escape', async () => {
    const onClose = vi.fn();
    const onHide = vi.fn();
    const { user } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <NotificationDialog
              opened
              title="Melding"
              onClose={onClose}
              secondaryAction={{ label: 'Niet meer tonen', onClick: onHide }}
            >
              Er is iets gebeurd.
            </NotificationDialog>
          ),
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Melding' });
    expect(dialog).toHaveTextContent('Er is iets gebeurd.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Niet meer tonen' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
