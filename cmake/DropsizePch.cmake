# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# dropsize_precompile_headers(TARGET [GTEST] [QT] [REUSE_FROM OTHER]) precompiles for TARGET the
# standard and third-party headers its files read most, GoogleTest's (GTEST) and Qt Widgets' (QT),
# or takes OTHER's, made with the same options. They are the same in every test or window file,
# and parsing them was a third of such a file's compile, optimised or not (a test of the command
# line at -O2: 10.9 s instead of 18.8; a window test under the sanitizers: 5.3 s instead of 8.1).
# Only headers from outside the project are listed, so that a change to ours never rebuilds one,
# and every file still includes what it uses: clang-tidy reads each without them
# (.ci/clang-tidy-cached.py). DROPSIZE_PCH=OFF turns them off.

option(DROPSIZE_PCH "Precompile the GoogleTest and Qt headers of the tests and the window" ON)

set(DROPSIZE_PCH_STANDARD
    <algorithm> <chrono> <cstdint> <cstring> <filesystem> <fstream> <functional> <map> <memory>
    <mutex> <optional> <set> <sstream> <string> <thread> <utility> <vector>)
set(DROPSIZE_PCH_GTEST <gtest/gtest.h>)
set(DROPSIZE_PCH_QT
    <QApplication> <QCheckBox> <QComboBox> <QCoreApplication> <QDir> <QFileInfo> <QGroupBox>
    <QHBoxLayout> <QHeaderView> <QLabel> <QLineEdit> <QList> <QMenu> <QMessageBox> <QPushButton>
    <QSettings> <QString> <QStringList> <QTableView> <QTimer> <QWidget>)

function(dropsize_precompile_headers target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "GTEST;QT" "REUSE_FROM" "")
    if(NOT DROPSIZE_PCH)
        return()
    endif()
    if(arg_REUSE_FROM)
        # The other target's precompiled headers, compiled once for both: the two compile with
        # the same options (GCC refuses a header made otherwise: -Winvalid-pch, an error here).
        target_precompile_headers(${target} REUSE_FROM ${arg_REUSE_FROM})
        return()
    endif()
    set(headers ${DROPSIZE_PCH_STANDARD})
    if(arg_GTEST)
        list(APPEND headers ${DROPSIZE_PCH_GTEST})
    endif()
    if(arg_QT)
        list(APPEND headers ${DROPSIZE_PCH_QT})
    endif()
    # C++ only: a target's C or CUDA sources compile as before.
    list(TRANSFORM headers PREPEND "$<$<COMPILE_LANGUAGE:CXX>:")
    list(TRANSFORM headers APPEND ">")
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
