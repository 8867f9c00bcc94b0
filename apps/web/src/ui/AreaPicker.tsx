import { Picker } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { type AreaCode, fetchAreas } from '../api/account';

let cached: Promise<AreaCode[]> | null = null;

/** The dialling code picker: shows '+{global_code}'; the list's first entry is the default (SPEC.md §3). */
export function AreaPicker({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const [areas, setAreas] = useState<AreaCode[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    cached ??= fetchAreas().catch((error) => {
      cached = null;
      throw error;
    });
    cached.then(
      (list) => {
        setAreas(list);
        if (value === undefined && list[0]) onChange(list[0].id);
      },
      () => {},
    );
  }, [value, onChange]);

  const current = areas.find((a) => a.id === value);
  return (
    <>
      <button type="button" className="area-button num" onClick={() => setOpen(true)}>
        +{current?.global_code ?? ''}
      </button>
      <Picker
        columns={[areas.map((a) => ({ label: `+${a.global_code} ${a.name}`, value: String(a.id) }))]}
        visible={open}
        onClose={() => setOpen(false)}
        value={value === undefined ? [] : [String(value)]}
        onConfirm={(v) => v[0] && onChange(Number(v[0]))}
      />
    </>
  );
}
