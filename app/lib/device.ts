import { useEffect, useState } from 'react';
import { throttle } from './throttle';

/** Spec §4/§9: mobile up to 675 px, tablet 676–1024 px, otherwise desktop. */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';
export const MOBILE_MAX = 675;
export const TABLET_MAX = 1024;
export const RESIZE_THROTTLE_MS = 500;
export const SCROLL_THROTTLE_MS = 200;

export function deviceClass(width: number): DeviceClass {
  if (width <= MOBILE_MAX) return 'mobile';
  if (width <= TABLET_MAX) return 'tablet';
  return 'desktop';
}

/** The device class, recomputed on resize at most every 500 ms. Server renders assume desktop; CSS covers the first paint. */
export function useDeviceClass(): DeviceClass {
  const [device, setDevice] = useState<DeviceClass>('desktop');
  useEffect(() => {
    const update = throttle(() => setDevice(deviceClass(window.innerWidth)), RESIZE_THROTTLE_MS);
    setDevice(deviceClass(window.innerWidth));
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
    };
  }, []);
  return device;
}
