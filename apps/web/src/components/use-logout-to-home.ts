import { useNavigate } from 'react-router';
import { useLogout } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

export const LOGOUT_MESSAGE = 'Successfully logged out. See you again soon!';

/** Logout from either header: the seller lands on the home page and is told they are out. */
export function useLogoutToHome() {
  const navigate = useNavigate();
  return useLogout(() => {
    navigate('/');
    toast.success(LOGOUT_MESSAGE);
  });
}
