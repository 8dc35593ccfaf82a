import type { ComponentPropsWithRef } from 'react';

/**
 * The app's button looks (the amber call to action of the design and its
 * companions), as Tailwind classes:
 * - `primary`: amber pill, black text (the one main action of a screen or dialog);
 * - `secondary`: outlined pill (the other choices next to a primary: cancel, back, more);
 * - `danger`: red pill for an action that destroys something (after a confirmation);
 * - `danger-outline`: red outlined pill, the way to such an action or out of the account (delete, log out);
 * - `ghost`: underlined amber text (a minor action inside a form: "Change number", "Resend code").
 * The pills fade to 60 % opacity while disabled; `ghost` turns grey and loses its underline.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';

/**
 * Padding (and type size) of a pill: `xs` 16 x 8 px small text (inline and
 * list actions), `sm` 20 x 8 px, `md` 20 x 10 px (page actions), `lg`
 * 24 x 12 px (a form's submit, a dialog's main action); `none` leaves it to
 * `className` (and is what `ghost` uses).
 */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg' | 'none';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'rounded-full bg-amber-500 font-semibold text-black hover:bg-amber-400 disabled:opacity-60',
  secondary: 'rounded-full border border-neutral-300 font-semibold hover:bg-neutral-100 disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800',
  danger: 'rounded-full bg-red-600 font-semibold text-white hover:bg-red-500 disabled:opacity-60',
  'danger-outline': 'rounded-full border border-red-300 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950',
  ghost: 'font-medium text-amber-700 underline disabled:text-neutral-500 disabled:no-underline dark:text-amber-400 dark:disabled:text-neutral-400',
};

const SIZES: Record<ButtonSize, string> = {
  xs: 'px-4 py-2 text-sm',
  sm: 'px-5 py-2',
  md: 'px-5 py-2.5',
  lg: 'px-6 py-3',
  none: '',
};

/** A look: variant (default `primary`), size (default `sm`, `none` for `ghost`) and classes added for placement (margins, width, alignment). */
export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Added after the look's classes: layout only (margin, width, self-alignment, min height, focus ring); not colours or padding. */
  className?: string;
}

/**
 * The class string of a look, for an element that must stay what it is
 * (a Next.js <Link>, an <a>, a <label>): `<Link className={buttonClass({ size: 'md' })}>`.
 * Pure; the same look always gives the same string.
 */
export function buttonClass({ variant = 'primary', size = variant === 'ghost' ? 'none' : 'sm', className }: ButtonStyle = {}): string {
  return [VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

/** Props of Button: a <button>'s own props (ref included) plus its look. */
export type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'className'> & ButtonStyle;

/**
 * A <button> in one of the app's looks (see ButtonVariant, ButtonSize).
 * `type` defaults to "button" (a submit button says `type="submit"`); every
 * other prop, the ref included, goes to the <button>, so it is found and
 * behaves as a plain button.
 */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
