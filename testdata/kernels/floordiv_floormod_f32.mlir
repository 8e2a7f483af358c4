// Float FloorDiv = floor(x / y); FloorMod takes the sign of the divisor.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x13xf32>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x13xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.FloorDiv"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.FloorMod"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
