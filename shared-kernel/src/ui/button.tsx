import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

/** Look of a button: primary action, secondary action, destructive action, or text-like. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** Props of {@link Button}: every native button prop plus the look. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
}

/**
 * The kernel's button: a native <button> (type="button" unless told otherwise, so it never
 * submits a form by accident) in one of the design variants.
 * @example <Button variant="danger" onClick={remove}>{t('ui.delete')}</Button>
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'normal', type = 'button', className, ...rest },
  ref,
) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button ref={ref} type={type} className={classes} {...rest} />;
});
