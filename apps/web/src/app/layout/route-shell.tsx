import { Outlet, useNavigation } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay';

/** The root of both routers: a full-screen progress overlay while the next screen's code loads. */
export const RouteShell = () => {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' ? <LoadingOverlay delayMs={150} /> : null}
    </>
  );
};

export const RouteFallback = () => <LoadingOverlay />;
