"""grader/load/: a zip of any accepted form, and every way a zip is rejected unread."""

import io
import stat
import zipfile

import pytest
from load_support import ENGINE, NN, STAND_INS, make_zip, notebook, write

from grader.load import load_entry
from grader.load.reading import read_capped


# -- zips ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "members, files",
    [
        ({"engine.py": ENGINE, "nn.py": NN}, {"engine.py": ENGINE, "nn.py": NN}),
        ({"dave/": b"", "dave/engine.py": ENGINE, "__MACOSX/dave/._engine.py": b"\x00"}, {"engine.py": ENGINE}),
        ({"hw1.py": ENGINE}, {"engine.py": ENGINE}),
        ({"hw1.ipynb": notebook(ENGINE.decode())}, {"engine.py": STAND_INS + ENGINE}),
        ({"dave\\engine.py": ENGINE}, {"engine.py": ENGINE}),  # made on Windows
    ],
    ids=["folder", "wrapped", "single-py", "single-notebook", "backslashes"],
)
def test_a_zip_of_any_accepted_form(tmp_path, members, files):
    sub = load_entry(make_zip(tmp_path / "dave.zip", members))
    assert (sub.id, sub.kind, sub.problem, sub.files) == ("dave", "zip", None, files)


def test_a_zip_bomb_is_rejected_unread(tmp_path):
    path = tmp_path / "dave.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("engine.py", ENGINE)
        with zf.open("zeros.bin", "w", force_zip64=True) as member:
            for _ in range(100):
                member.write(bytes(1 << 20))  # 100 MiB of zeros, about 100 KB packed
    assert path.stat().st_size < 200_000
    problem = load_entry(path).problem
    assert problem.startswith("dave.zip: member 'zeros.bin' would expand from ")  # ~100 KiB, as zlib packs it
    assert problem.endswith(" KiB to 100.0 MiB, which looks like a zip bomb; it is not unpacked")


def test_a_zip_file_over_the_size_cap_is_rejected_unopened(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "data.bin": bytes(21 << 20)}, zipfile.ZIP_STORED)
    assert load_entry(path).problem == (
        "dave.zip is too large (21.0 MiB; the limit is 20.0 MiB); remove outputs and data and submit again"
    )


def test_a_zip_that_declares_too_much_is_rejected_unread(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "a.bin": b"", "b.bin": b""})
    data = bytearray(path.read_bytes())
    central = data.index(b"PK\x01\x02")
    for name in (b"a.bin", b"b.bin"):  # each claims 15 MiB in the central directory
        at = data.index(name, central) - 46  # a central header is 46 bytes, then the name
        data[at + 24 : at + 28] = (15 << 20).to_bytes(4, "little")
        data[at + 20 : at + 24] = (15 << 20).to_bytes(4, "little")  # and as much packed: no zip-bomb ratio
    path.write_bytes(bytes(data))
    assert load_entry(path).problem == (
        "dave.zip would unpack to 30.0 MiB, more than the limit of 20.0 MiB (largest member: 'a.bin', "
        "15.0 MiB); it is not unpacked: remove outputs and data and zip again"
    )


def test_a_zip_whose_header_understates_a_size_is_not_trusted(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE + b"#" * (3 << 20)})
    data = bytearray(path.read_bytes())
    local, central = data.index(b"PK\x03\x04"), data.index(b"PK\x01\x02")
    data[local + 22 : local + 26] = (1000).to_bytes(4, "little")
    data[central + 24 : central + 28] = (1000).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    sub = load_entry(path)
    assert sub.problem == (
        "dave.zip/engine.py could not be unpacked (Bad CRC-32 for file 'engine.py'); "
        "the zip may be damaged: zip it again"
    )


def test_bytes_are_counted_as_they_are_read_whatever_a_header_says(tmp_path):
    class Endless(io.RawIOBase):  # a stream that never ends, whatever size was declared for it
        def readinto(self, buffer):
            buffer[:] = bytes(len(buffer))
            return len(buffer)

    with pytest.raises(Exception, match=r"^engine.py is too large \(over the limit of 1.0 MiB\); remove outputs and "
                                        r"data and submit again$"):
        read_capped(Endless(), 1 << 20, "engine.py")


@pytest.mark.parametrize(
    "member, reason",
    [
        ("../evil.py", "dave.zip: member '../evil.py' has a '..' in its path, which would unpack outside the "
                       "archive; it is not unpacked: zip the submission folder again"),
        ("dave/../../evil.py", "dave.zip: member 'dave/../../evil.py' has a '..' in its path, which would unpack "
                               "outside the archive; it is not unpacked: zip the submission folder again"),
        ("/abs.py", "dave.zip: member '/abs.py' has an absolute path, which would unpack outside the archive; "
                    "it is not unpacked: zip the submission folder again"),
        ("C:\\abs.py", "dave.zip: member 'C:\\\\abs.py' has an absolute path, which would unpack outside the "
                       "archive; it is not unpacked: zip the submission folder again"),
    ],
)
def test_a_zip_member_that_leaves_the_archive_is_rejected(tmp_path, member, reason):
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, zipfile.ZipInfo(member): b"x = 1\n"}))
    assert (sub.kind, sub.files, sub.problem) == ("zip", {}, reason)


def test_a_symlink_member_is_rejected(tmp_path):
    link = zipfile.ZipInfo("engine.py")
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    sub = load_entry(make_zip(tmp_path / "dave.zip", {link: b"/etc/passwd"}))
    assert sub.problem == (
        "dave.zip: member 'engine.py' is a symbolic link, which is not followed; zip the files themselves"
    )


def test_an_encrypted_member_is_rejected(tmp_path):
    path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE})
    data = bytearray(path.read_bytes())
    data[data.index(b"PK\x03\x04") + 6] |= 1  # the "encrypted" flag, in both headers
    data[data.index(b"PK\x01\x02") + 8] |= 1
    path.write_bytes(bytes(data))
    assert load_entry(path).problem == "dave.zip: member 'engine.py' is encrypted; submit a zip without a password"


def test_a_zip_with_too_many_members_is_rejected(tmp_path):
    members = {"engine.py": ENGINE} | {f"junk/{i}.txt": b"" for i in range(200)}
    assert load_entry(make_zip(tmp_path / "dave.zip", members)).problem == (
        "dave.zip holds 201 members, more than the limit of 200; zip only the submission folder"
    )


def _zipped(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def test_a_zip_whose_one_file_is_a_zip_is_read_as_that_zip_three_deep(tmp_path):
    # session 28: refused ("zips inside a submission are not unpacked") where a folder holding one zip was read
    inner = _zipped({"hw1/engine.py": ENGINE})
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"dave.zip": inner, "__MACOSX/._dave.zip": b"x"}))
    assert (sub.problem, sub.files, sub.origins["engine.py"].file) == (None, {"engine.py": ENGINE}, "hw1/engine.py")
    three = _zipped({"upload/b.zip": _zipped({"c.zip": inner})})  # below a wrapper folder, too
    assert load_entry(make_zip(tmp_path / "three.zip", {"a.zip": three})).problem is None
    four = load_entry(make_zip(tmp_path / "four.zip", {"a.zip": _zipped({"b.zip": _zipped({"c.zip": _zipped(
        {"d.zip": inner})})})}))
    assert four.problem == (
        "no engine.py found in four.zip/a.zip/b.zip/c.zip: it holds d.zip, and zips inside a submission are not "
        "unpacked; unpack it and submit its contents (for an LMS bulk export, unzip it and grade the folder)")


def test_a_zip_beside_another_file_is_not_unpacked(tmp_path):
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"dave.zip": _zipped({"engine.py": ENGINE}),
                                                      "README.md": b"# hw\n"}))
    assert sub.problem == (
        "no engine.py found in dave.zip: it holds dave.zip, and zips inside a submission are not unpacked; "
        "unpack it and submit its contents (for an LMS bulk export, unzip it and grade the folder)"
    )


def test_a_folder_whose_one_file_below_a_wrapper_is_a_zip_is_read_as_that_zip(tmp_path):
    (tmp_path / "alice" / "upload").mkdir(parents=True)
    make_zip(tmp_path / "alice" / "upload" / "hw.zip", {"engine.py": ENGINE})
    sub = load_entry(tmp_path / "alice")
    assert (sub.id, sub.problem, sub.files) == ("alice", None, {"engine.py": ENGINE})


def test_a_stray_zip_beside_engine_py_is_ignored(tmp_path):
    sub = load_entry(make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, "backup.zip": b"PK\x05\x06" + bytes(18)}))
    assert (sub.problem, sub.files) == (None, {"engine.py": ENGINE})


def test_a_file_that_is_no_zip_is_rejected(tmp_path):
    sub = load_entry(write(tmp_path, {"dave.zip": b"this is not a zip\n"}) / "dave.zip")
    assert sub.problem == "dave.zip is not a readable zip archive (File is not a zip file); zip the submission again"


def test_a_zip_with_a_member_twice_is_rejected(tmp_path):
    with pytest.warns(UserWarning, match="Duplicate name"):
        path = make_zip(tmp_path / "dave.zip", {"engine.py": ENGINE, zipfile.ZipInfo("engine.py"): b"evil\n"})
    assert load_entry(path).problem == "dave.zip holds 'engine.py' twice; zip the submission folder again"
