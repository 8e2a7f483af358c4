// sandjit-test: rtol=0 atol=0
// Complex tensors through indexing and splitting (issue 14), each element moved as its two parts: GatherV2 of
// complex<f32> rows by i32 indices on axis 0 and of complex<f64> columns on axis 1 with batch_dims 1, Gather
// and GatherNd; Select by rows and SelectV2 with broadcasting (a complex<f64> splat constant as the else
// branch); Split in two, SplitV [1, -1], Unpack along axis 0; MirrorPad REFLECT and SYMMETRIC. NaN, infinite
// and -0 parts pass through; empty inputs in case 2.
func.func @test(%x: tensor<?x3xcomplex<f32>>, %i: tensor<?xi32>, %y: tensor<2x4xcomplex<f64>>, %j: tensor<2x?xi64>, %c: tensor<?xi1>, %m: tensor<2x4xi1>) -> (tensor<?x3xcomplex<f32>>, tensor<2x?xcomplex<f64>>, tensor<?x3xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?x3xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<2x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>, tensor<2x1xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4x8xcomplex<f64>>, tensor<3x8xcomplex<f64>>) {
  %ax0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%x, %i, %ax0) {batch_dims = 0 : i64} : (tensor<?x3xcomplex<f32>>, tensor<?xi32>, tensor<i32>) -> tensor<?x3xcomplex<f32>>
  %ax1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.GatherV2"(%y, %j, %ax1) {batch_dims = 1 : i64} : (tensor<2x4xcomplex<f64>>, tensor<2x?xi64>, tensor<i32>) -> tensor<2x?xcomplex<f64>>
  %2 = "tf.Gather"(%x, %i) {validate_indices = true} : (tensor<?x3xcomplex<f32>>, tensor<?xi32>) -> tensor<?x3xcomplex<f32>>
  %ni = "tf.ExpandDims"(%i, %ax1) : (tensor<?xi32>, tensor<i32>) -> tensor<?x1xi32>
  %nd = "tf.ConcatV2"(%ni, %ni, %ax1) : (tensor<?x1xi32>, tensor<?x1xi32>, tensor<i32>) -> tensor<?x2xi32>
  %3 = "tf.GatherNd"(%x, %nd) : (tensor<?x3xcomplex<f32>>, tensor<?x2xi32>) -> tensor<?xcomplex<f32>>
  %rax = "tf.Const"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.ReverseV2"(%x, %rax) : (tensor<?x3xcomplex<f32>>, tensor<1xi32>) -> tensor<?x3xcomplex<f32>>
  %4 = "tf.Select"(%c, %x, %r) : (tensor<?xi1>, tensor<?x3xcomplex<f32>>, tensor<?x3xcomplex<f32>>) -> tensor<?x3xcomplex<f32>>
  %k = "tf.Const"() {value = dense<(-1.000000e+00,5.000000e-01)> : tensor<4xcomplex<f64>>} : () -> tensor<4xcomplex<f64>>
  %5 = "tf.SelectV2"(%m, %y, %k) : (tensor<2x4xi1>, tensor<2x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  %6:2 = "tf.Split"(%ax1, %y) : (tensor<i32>, tensor<2x4xcomplex<f64>>) -> (tensor<2x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>)
  %sz = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %7:2 = "tf.SplitV"(%y, %sz, %ax1) : (tensor<2x4xcomplex<f64>>, tensor<2xi32>, tensor<i32>) -> (tensor<2x1xcomplex<f64>>, tensor<2x3xcomplex<f64>>)
  %8:2 = "tf.Unpack"(%y) {axis = 0 : i64} : (tensor<2x4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>)
  %p1 = "tf.Const"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %9 = "tf.MirrorPad"(%y, %p1) {mode = "SYMMETRIC"} : (tensor<2x4xcomplex<f64>>, tensor<2x2xi32>) -> tensor<4x8xcomplex<f64>>
  %p2 = "tf.Const"() {value = dense<[[1, 0], [1, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %10 = "tf.MirrorPad"(%y, %p2) {mode = "REFLECT"} : (tensor<2x4xcomplex<f64>>, tensor<2x2xi32>) -> tensor<3x8xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6#0, %6#1, %7#0, %7#1, %8#0, %8#1, %9, %10 : tensor<?x3xcomplex<f32>>, tensor<2x?xcomplex<f64>>, tensor<?x3xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?x3xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<2x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>, tensor<2x1xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4x8xcomplex<f64>>, tensor<3x8xcomplex<f64>>
}
