import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/index.ts';
import { messageFor } from '../../../lib/api.ts';
import { callApi } from '../../../lib/call-api.ts';
import { toast } from '../../../lib/toast.ts';
import { browserNavigation } from '../browser-navigation.ts';
import { MARKETPLACE_MESSAGES } from '../marketplace-messages.ts';
import { PurchaseMessageToggle } from '../purchase-message-toggle.tsx';
import type { ConnectButtonProps, WebMarketplaceModule } from './web-marketplace-module.ts';

/** The browser goes to the URL the server returns: Etsy's consent page, or the demo shop's. */
function EtsyConnectButton({ available, leads }: ConnectButtonProps) {
  const connect = useMutation({
    mutationFn: () => callApi('GET /etsy/connect'),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.connectFailed)),
  });
  return (
    <Button
      variant={leads ? 'primary' : 'secondary'}
      onClick={() => connect.mutate()}
      disabled={connect.isPending || connect.isSuccess}
    >
      {connect.isPending || connect.isSuccess
        ? 'Connecting…'
        : available === false
          ? 'Try the demo shop'
          : 'Connect Etsy'}
    </Button>
  );
}

export default {
  id: 'etsy',
  connect: { kind: 'button', Button: EtsyConnectButton },
  ShopActions: PurchaseMessageToggle,
} satisfies WebMarketplaceModule;
