// sandjit-test: rtol=0 atol=0
// More partwise ops on complex tensors (lower's complexify): MatrixBandPart [1, 0] of complex<f32> and [-1, 1]
// of complex<f64>; MatrixDiagPartV3 [-1, 1] LEFT_RIGHT padded with a complex constant; MatrixDiagV3 of a
// superdiagonal in 4-column matrices, padded with zeros; MatrixSetDiagV3 [0, 1]; TensorScatterUpdate,
// TensorScatterAdd with a repeated index (added in order) and TensorScatterSub of complex<f64> rows; ScatterNd of
// complex<f32> into zeros; Cumsum of complex<f32> along the last axis and of complex<f64> exclusive and reversed
// along axis 0, each step rounded part by part. NaN, infinite and -0 parts pass through the moves.
func.func @test(%x: tensor<?x3x4xcomplex<f32>>, %y: tensor<?x?xcomplex<f64>>, %d: tensor<?x2x3xcomplex<f32>>, %i: tensor<?x1xi32>, %u: tensor<?x?xcomplex<f64>>) -> (tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>, tensor<?x3x3xcomplex<f32>>, tensor<?x3x4xcomplex<f32>>, tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<5x?xcomplex<f64>>, tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>) {
  %k0 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %k1 = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %km1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.MatrixBandPart"(%x, %k1, %k0) : (tensor<?x3x4xcomplex<f32>>, tensor<i64>, tensor<i64>) -> tensor<?x3x4xcomplex<f32>>
  %1 = "tf.MatrixBandPart"(%y, %km1, %k1) : (tensor<?x?xcomplex<f64>>, tensor<i64>, tensor<i64>) -> tensor<?x?xcomplex<f64>>
  %k11 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %pad = "tf.Const"() {value = dense<(9.0, -1.0)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
  %2 = "tf.MatrixDiagPartV3"(%x, %k11, %pad) {align = "LEFT_RIGHT"} : (tensor<?x3x4xcomplex<f32>>, tensor<2xi32>, tensor<complex<f32>>) -> tensor<?x3x3xcomplex<f32>>
  %d1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %m1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %c4 = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %zero = "tf.Const"() {value = dense<(0.0, 0.0)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
  %k0v = "tf.Const"() {value = dense<0> : tensor<3xi32>} : () -> tensor<3xi32>
  %sz = "tf.Const"() {value = dense<[-1, 1, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Slice"(%d, %k0v, %sz) : (tensor<?x2x3xcomplex<f32>>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x1x3xcomplex<f32>>
  %sq = "tf.Squeeze"(%s) {squeeze_dims = [1]} : (tensor<?x1x3xcomplex<f32>>) -> tensor<?x3xcomplex<f32>>
  %3 = "tf.MatrixDiagV3"(%sq, %d1, %m1, %c4, %zero) : (tensor<?x3xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<complex<f32>>) -> tensor<?x3x4xcomplex<f32>>
  %k01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %4 = "tf.MatrixSetDiagV3"(%x, %d, %k01) : (tensor<?x3x4xcomplex<f32>>, tensor<?x2x3xcomplex<f32>>, tensor<2xi32>) -> tensor<?x3x4xcomplex<f32>>
  %5 = "tf.TensorScatterUpdate"(%y, %i, %u) : (tensor<?x?xcomplex<f64>>, tensor<?x1xi32>, tensor<?x?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %6 = "tf.TensorScatterAdd"(%y, %i, %u) : (tensor<?x?xcomplex<f64>>, tensor<?x1xi32>, tensor<?x?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %7 = "tf.TensorScatterSub"(%y, %i, %u) : (tensor<?x?xcomplex<f64>>, tensor<?x1xi32>, tensor<?x?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %ushape = "tf.Shape"(%u) : (tensor<?x?xcomplex<f64>>) -> tensor<2xi32>
  %b1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e2 = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %st1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %w = "tf.StridedSlice"(%ushape, %b1, %e2, %st1) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %five = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %ax0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %osh = "tf.ConcatV2"(%five, %w, %ax0) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %8 = "tf.ScatterNd"(%i, %u, %osh) : (tensor<?x1xi32>, tensor<?x?xcomplex<f64>>, tensor<2xi32>) -> tensor<5x?xcomplex<f64>>
  %ax2 = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %9 = "tf.Cumsum"(%x, %ax2) : (tensor<?x3x4xcomplex<f32>>, tensor<i32>) -> tensor<?x3x4xcomplex<f32>>
  %10 = "tf.Cumsum"(%y, %ax0) {exclusive = true, reverse = true} : (tensor<?x?xcomplex<f64>>, tensor<i32>) -> tensor<?x?xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>, tensor<?x3x3xcomplex<f32>>, tensor<?x3x4xcomplex<f32>>, tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<5x?xcomplex<f64>>, tensor<?x3x4xcomplex<f32>>, tensor<?x?xcomplex<f64>>
}
