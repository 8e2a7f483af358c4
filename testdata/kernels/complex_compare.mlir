// Complex comparisons and element-agnostic ops (issue 14): Equal and NotEqual of complex<f32> and complex<f64>
// over the 49 x 49 grid of special parts, broadcast (equal when both parts are: NaN never, -0 as +0, as
// std::complex's ==); ZerosLike and OnesLike (1 + 0i); BiasAdd of complex<f32> (NHWC) and complex<f64> (NCHW),
// each part added in its type; Shape, Size and Rank of a complex tensor with a dynamic dim.
func.func @test(%x: tensor<?x1xcomplex<f32>>, %y: tensor<1x?xcomplex<f32>>, %u: tensor<?x1xcomplex<f64>>, %v: tensor<1x?xcomplex<f64>>, %a: tensor<2x?x3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>, %c: tensor<2x3x?xcomplex<f64>>, %d: tensor<3xcomplex<f64>>) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<2x?x3xcomplex<f32>>, tensor<2x3x?xcomplex<f64>>, tensor<2x?x3xcomplex<f32>>, tensor<2x3x?xcomplex<f64>>, tensor<3xi64>, tensor<i32>, tensor<i32>) {
  %0 = "tf.Equal"(%x, %y) {incompatible_shape_error = true} : (tensor<?x1xcomplex<f32>>, tensor<1x?xcomplex<f32>>) -> tensor<?x?xi1>
  %1 = "tf.NotEqual"(%x, %y) {incompatible_shape_error = true} : (tensor<?x1xcomplex<f32>>, tensor<1x?xcomplex<f32>>) -> tensor<?x?xi1>
  %2 = "tf.Equal"(%u, %v) : (tensor<?x1xcomplex<f64>>, tensor<1x?xcomplex<f64>>) -> tensor<?x?xi1>
  %3 = "tf.NotEqual"(%u, %v) : (tensor<?x1xcomplex<f64>>, tensor<1x?xcomplex<f64>>) -> tensor<?x?xi1>
  %4 = "tf.ZerosLike"(%a) : (tensor<2x?x3xcomplex<f32>>) -> tensor<2x?x3xcomplex<f32>>
  %5 = "tf.OnesLike"(%c) : (tensor<2x3x?xcomplex<f64>>) -> tensor<2x3x?xcomplex<f64>>
  %6 = "tf.BiasAdd"(%a, %b) {data_format = "NHWC"} : (tensor<2x?x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2x?x3xcomplex<f32>>
  %7 = "tf.BiasAdd"(%c, %d) {data_format = "NCHW"} : (tensor<2x3x?xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<2x3x?xcomplex<f64>>
  %8 = "tf.Shape"(%a) : (tensor<2x?x3xcomplex<f32>>) -> tensor<3xi64>
  %9 = "tf.Size"(%c) : (tensor<2x3x?xcomplex<f64>>) -> tensor<i32>
  %10 = "tf.Rank"(%a) : (tensor<2x?x3xcomplex<f32>>) -> tensor<i32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<2x?x3xcomplex<f32>>, tensor<2x3x?xcomplex<f64>>, tensor<2x?x3xcomplex<f32>>, tensor<2x3x?xcomplex<f64>>, tensor<3xi64>, tensor<i32>, tensor<i32>
}
