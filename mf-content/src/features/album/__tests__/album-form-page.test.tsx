import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Album, AlbumFile, AlbumListRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createAlbum, deleteAlbum, getAlbum, getAlbumList, updateAlbum, uploadAlbumImage } from '../api/album-api';

jest.mock('../api/album-api', () => ({
  ...jest.requireActual('../api/album-api'),
  getAlbumList: jest.fn(),
  getAlbum: jest.fn(),
  createAlbum: jest.fn(),
  updateAlbum: jest.fn(),
  deleteAlbum: jest.fn(),
  uploadAlbumImage: jest.fn(),
}));

jest.setTimeout(40_000);

const image = (id: number, name: string): AlbumFile => ({ id, name, size: 1000, width: 800, height: 600 });
const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderAlbum(route: string, session = {}) {
  const Albums = routes['c-album'];
  return renderWithProviders(
    <Routes>
      <Route path="c-album/*" element={<Albums />} />
    </Routes>,
    { route, session },
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const rows: AlbumListRow[] = [
  { content_id: 4, cover: 11, school_id: 1, schools: ['Kampfsportschule Wien'], visibility: 1, title: 'Sommerlager', active: true, date_published: '2026-06-01T08:00:05Z', date_expired: null, images: 3 },
];

beforeEach(() => {
  jest.mocked(getAlbumList).mockReset().mockResolvedValue(rows);
  jest.mocked(createAlbum).mockReset().mockResolvedValue(9);
  jest.mocked(updateAlbum).mockReset().mockResolvedValue(2);
  jest.mocked(deleteAlbum).mockReset().mockResolvedValue(undefined);
  jest.mocked(uploadAlbumImage).mockReset();
  jest.mocked(getAlbum).mockReset();
});

describe('albums', () => {
  it('lists albums with cover, schools and dates, and the row actions by atom', async () => {
    renderAlbum('/c-album', userWith(['c_gallery_r', 'c_gallery_w']));
    const table = await screen.findByRole('table', { name: 'Alben' });
    const row = within(table).getByRole('row', { name: /Sommerlager/ });
    expect(within(row).getByRole('img', { name: 'Titelbild von „Sommerlager“' }).getAttribute('src')).toBe('/api-cubic/image/11-0x200');
    expect(within(row).getByText('01.06.2026 08:00:05')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '„Sommerlager“ kopieren' }).getAttribute('href')).toBe('/c-album/copy/4');
    expect(within(row).queryByRole('button', { name: '„Sommerlager“ löschen' })).toBeNull();
  });

  it('uploads three images, blocks saving while one runs, re-orders by keyboard buttons and saves the order', async () => {
    const third = deferred<AlbumFile>();
    jest
      .mocked(uploadAlbumImage)
      .mockResolvedValueOnce(image(1, 'a.jpg'))
      .mockResolvedValueOnce(image(2, 'b.jpg'))
      .mockReturnValueOnce(third.promise);
    renderAlbum('/c-album/create', userWith(['c_gallery_r', 'c_gallery_w']));
    fireEvent.change(await screen.findByRole('textbox', { name: /Titel/ }), { target: { value: 'Prüfung' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Alle Schulen' }));
    const files = ['a', 'b', 'c'].map((name) => new File([new Uint8Array([1])], `${name}.jpg`, { type: 'image/jpeg' }));
    fireEvent.change(screen.getByLabelText('Bilder hinzufügen'), { target: { files } });
    const gallery = await screen.findByRole('list', { name: 'Bilder des Albums' });
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('list', { name: 'Laufende Uploads' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ein Upload läuft noch. Bitte warten Sie, bis er abgeschlossen ist.')).toBeTruthy();
    expect(createAlbum).not.toHaveBeenCalled();

    third.resolve(image(3, 'c.jpg'));
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.click(within(gallery).getByRole('button', { name: 'c.jpg nach vorne' }));
    fireEvent.click(within(gallery).getByRole('button', { name: 'c.jpg nach vorne' }));
    expect(within(gallery).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createAlbum).toHaveBeenCalledTimes(1));
    expect(createAlbum).toHaveBeenCalledWith(expect.objectContaining({ title: 'Prüfung', visibility: 4, files: [3, 1, 2] }));
  });

  it('needs at least one image, and replaces an image at its index on edit', async () => {
    const album: Album = {
      content_id: 4, title: 'Sommerlager', date_published: null, date_expired: null, active: true, visibility: 1, schools: [], school_id: 1,
      files: [image(11, 'x.jpg'), image(12, 'y.jpg')], version: 3,
    };
    jest.mocked(getAlbum).mockResolvedValue(album);
    jest.mocked(uploadAlbumImage).mockResolvedValueOnce(image(13, 'z.jpg'));
    renderAlbum('/c-album/edit/4', userWith(['c_gallery_r', 'c_gallery_w']));
    const gallery = await screen.findByRole('list', { name: 'Bilder des Albums' });
    fireEvent.change(within(gallery).getByLabelText('x.jpg ersetzen'), { target: { files: [new File([new Uint8Array([1])], 'z.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(within(gallery).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['z.jpg', 'y.jpg']));
    fireEvent.click(within(gallery).getByRole('button', { name: 'z.jpg entfernen' }));
    fireEvent.click(within(gallery).getByRole('button', { name: 'y.jpg entfernen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mindestens ein Bild muss hochgeladen werden.')).toBeTruthy();
    expect(updateAlbum).not.toHaveBeenCalled();
  });
});
