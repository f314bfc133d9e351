import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClass, type ButtonSize, type Variant } from './looks.ts';

interface ButtonLook {
  variant?: Variant;
  size?: ButtonSize;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonLook) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & ButtonLook) {
  return <Link className={buttonClass(variant, className, size)} {...props} />;
}
