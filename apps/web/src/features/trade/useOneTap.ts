import { useEffect } from 'react';
import { usePreferences } from '../../stores/preferences';
import { useUser } from '../../stores/user';

/** Whether Sell and Buy place at once, without the confirmation sheet: the trader's own choice, kept on the server. */
export function useOneTap(): { oneTap: boolean; turnOn: () => void } {
  const userId = useUser((s) => s.user?.id);
  const oneTap = usePreferences((s) => s.preferences.one_tap);
  const loadPreferences = usePreferences((s) => s.load);
  const changePreferences = usePreferences((s) => s.change);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for another trader
  useEffect(() => {
    void loadPreferences();
  }, [loadPreferences, userId]);

  return { oneTap, turnOn: () => void changePreferences({ one_tap: true }) };
}
