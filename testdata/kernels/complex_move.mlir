// sandjit-test: rtol=0 atol=0
// Data movement of complex tensors (issue 14): each element moves as its two parts (lower's complexify: as one
// 8-byte unit, over runs of parts, or by an inner loop of 2), so results are the inputs' bits. complex<f32> ?x3: Transpose,
// Reshape to a shape read from an argument, ExpandDims then Squeeze (views), Slice, StridedSlice with negative
// and even strides, ConcatV2 with itself, Pad; complex<f32> 3: BroadcastTo [4, 3], Pack on axis 1;
// complex<f64> 2x?: ReverseV2, Tile [2, 1], PadV2 with a complex constant; Fill of a complex<f64> scalar.
// NaN, infinite and -0 parts pass through; empty x and y in case 2.
func.func @test(%x: tensor<?x3xcomplex<f32>>, %y: tensor<2x?xcomplex<f64>>, %b: tensor<3xcomplex<f32>>, %f: tensor<complex<f64>>, %s: tensor<2xi32>) -> (tensor<3x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<?x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<2x?xcomplex<f64>>, tensor<?x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<4x?xcomplex<f64>>, tensor<?x5xcomplex<f32>>, tensor<3x?xcomplex<f64>>, tensor<2x2xcomplex<f64>>) {
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %perm) : (tensor<?x3xcomplex<f32>>, tensor<2xi32>) -> tensor<3x?xcomplex<f32>>
  %1 = "tf.Reshape"(%x, %s) : (tensor<?x3xcomplex<f32>>, tensor<2xi32>) -> tensor<?x?xcomplex<f32>>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %e = "tf.ExpandDims"(%x, %one) : (tensor<?x3xcomplex<f32>>, tensor<i32>) -> tensor<?x1x3xcomplex<f32>>
  %2 = "tf.Squeeze"(%e) {squeeze_dims = [1]} : (tensor<?x1x3xcomplex<f32>>) -> tensor<?x3xcomplex<f32>>
  %shp = "tf.Const"() {value = dense<[4, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %3 = "tf.BroadcastTo"(%b, %shp) : (tensor<3xcomplex<f32>>, tensor<2xi64>) -> tensor<4x3xcomplex<f32>>
  %begin = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %size = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %4 = "tf.Slice"(%x, %begin, %size) : (tensor<?x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xcomplex<f32>>
  %z = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %st = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tf.StridedSlice"(%x, %z, %z, %st) {begin_mask = 3 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xcomplex<f32>>
  %ax1 = "tf.Const"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %6 = "tf.ReverseV2"(%y, %ax1) : (tensor<2x?xcomplex<f64>>, tensor<1xi32>) -> tensor<2x?xcomplex<f64>>
  %ax0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %7 = "tf.ConcatV2"(%x, %x, %ax0) : (tensor<?x3xcomplex<f32>>, tensor<?x3xcomplex<f32>>, tensor<i32>) -> tensor<?x3xcomplex<f32>>
  %8 = "tf.Pack"(%b, %b) {axis = 1 : i64} : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %mult = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %9 = "tf.Tile"(%y, %mult) : (tensor<2x?xcomplex<f64>>, tensor<2xi32>) -> tensor<4x?xcomplex<f64>>
  %pads = "tf.Const"() {value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %10 = "tf.Pad"(%x, %pads) : (tensor<?x3xcomplex<f32>>, tensor<2x2xi32>) -> tensor<?x5xcomplex<f32>>
  %pads2 = "tf.Const"() {value = dense<[[0, 1], [1, 1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %cv = "tf.Const"() {value = dense<(1.500000e+00,-2.500000e+00)> : tensor<complex<f64>>} : () -> tensor<complex<f64>>
  %11 = "tf.PadV2"(%y, %pads2, %cv) : (tensor<2x?xcomplex<f64>>, tensor<2x2xi64>, tensor<complex<f64>>) -> tensor<3x?xcomplex<f64>>
  %dims = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %12 = "tf.Fill"(%dims, %f) : (tensor<2xi32>, tensor<complex<f64>>) -> tensor<2x2xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<3x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<?x3xcomplex<f32>>, tensor<4x3xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<?x2xcomplex<f32>>, tensor<2x?xcomplex<f64>>, tensor<?x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<4x?xcomplex<f64>>, tensor<?x5xcomplex<f32>>, tensor<3x?xcomplex<f64>>, tensor<2x2xcomplex<f64>>
}
