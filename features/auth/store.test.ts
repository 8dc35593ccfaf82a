import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from './schemas';
import { isSignedIn, useLoginStore } from './store';

const store = () => useLoginStore.getState();

describe('login store (SPEC.md section 4 "Calls needing login")', () => {
  beforeEach(() => {
    useLoginStore.setState({ open: false, pendingAction: null, purpose: 'sign-in' });
  });

  it('runs a signed-in user\'s call at once, without the modal', () => {
    const action = vi.fn();
    store().requireLogin(action, true);
    expect(action).toHaveBeenCalledTimes(1);
    expect(store().open).toBe(false);
    expect(store().pendingAction).toBeNull();
  });

  it('opens the modal for a visitor and keeps the call without running it', () => {
    const action = vi.fn();
    store().requireLogin(action, false);
    expect(action).not.toHaveBeenCalled();
    expect(store().open).toBe(true);
    expect(store().pendingAction).toBe(action);
  });

  it('runs the pending call exactly once on sign-in and closes', () => {
    const action = vi.fn();
    store().requireLogin(action, false);
    store().completeSignIn();
    expect(action).toHaveBeenCalledTimes(1);
    expect(store().open).toBe(false);

    store().openLogin();
    store().completeSignIn();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('does not run the call again when the call itself triggers another sign-in success', () => {
    let runs = 0;
    const action = () => {
      runs++;
      store().completeSignIn();
    };
    store().requireLogin(action, false);
    store().completeSignIn();
    expect(runs).toBe(1);
  });

  it('drops the pending call when the modal is closed without sign-in', () => {
    const action = vi.fn();
    store().requireLogin(action, false);
    store().close();
    expect(store().open).toBe(false);
    store().completeSignIn();
    expect(action).not.toHaveBeenCalled();
  });

  it('keeps only the latest call when a second gated tap comes while the modal is open', () => {
    const first = vi.fn();
    const second = vi.fn();
    store().requireLogin(first, false);
    store().requireLogin(second, false);
    store().completeSignIn();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('opens for a plain sign-in with nothing pending', () => {
    store().requireLogin(vi.fn(), false);
    store().openLogin();
    expect(store().open).toBe(true);
    expect(store().pendingAction).toBeNull();
    expect(store().purpose).toBe('sign-in');
  });

  it('opens for adding a mobile number, and is a plain sign-in again after closing or succeeding', () => {
    store().openLogin({ purpose: 'link-phone' });
    expect(store().open).toBe(true);
    expect(store().purpose).toBe('link-phone');
    expect(store().pendingAction).toBeNull();
    store().close();
    expect(store().purpose).toBe('sign-in');

    store().openLogin({ purpose: 'link-phone' });
    store().completeSignIn();
    expect(store().open).toBe(false);
    expect(store().purpose).toBe('sign-in');
  });

  it('turns an open link modal into a sign-in when a gated call asks for one', () => {
    store().openLogin({ purpose: 'link-phone' });
    const action = vi.fn();
    store().requireLogin(action, false);
    expect(store().purpose).toBe('sign-in');
    expect(store().pendingAction).toBe(action);
  });
});

describe('isSignedIn', () => {
  it('is true only for a user', () => {
    expect(isSignedIn(undefined)).toBe(false);
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn({ userId: null, isUserVisitor: true } as Me)).toBe(false);
    expect(isSignedIn({ userId: '0b0c8a5e-3f7d-4d51-9a37-1c2e4f5a6b7c', isUserVisitor: false } as Me)).toBe(true);
  });
});
