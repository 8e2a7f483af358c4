// Complex matrix products: MatMul of complex<f32> (plain, and both operands transposed, which does not
// conjugate); BatchMatMulV2 of complex<f64> with adj_x (the conjugate transpose), batch dims broadcast (2x?
// against ? and against none), adj_x with adj_y. Sums of products in f64, each part rounded once.
func.func @test(%a: tensor<?x3xcomplex<f32>>, %b: tensor<3x?xcomplex<f32>>, %c: tensor<4x2xcomplex<f64>>, %x: tensor<2x?x4x3xcomplex<f64>>, %y: tensor<?x4x2xcomplex<f64>>, %z: tensor<?x2x4xcomplex<f64>>) -> (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<2x?x3x2xcomplex<f64>>, tensor<2x?x3x2xcomplex<f64>>, tensor<2x?x3x2xcomplex<f64>>) {
  %0 = "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = false} : (tensor<?x3xcomplex<f32>>, tensor<3x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %1 = "tf.MatMul"(%b, %a) {transpose_a = true, transpose_b = true} : (tensor<3x?xcomplex<f32>>, tensor<?x3xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %2 = "tf.BatchMatMulV2"(%x, %y) {adj_x = true} : (tensor<2x?x4x3xcomplex<f64>>, tensor<?x4x2xcomplex<f64>>) -> tensor<2x?x3x2xcomplex<f64>>
  %3 = "tf.BatchMatMulV2"(%x, %c) {adj_x = true, adj_y = false} : (tensor<2x?x4x3xcomplex<f64>>, tensor<4x2xcomplex<f64>>) -> tensor<2x?x3x2xcomplex<f64>>
  %4 = "tf.BatchMatMulV2"(%x, %z) {adj_x = true, adj_y = true} : (tensor<2x?x4x3xcomplex<f64>>, tensor<?x2x4xcomplex<f64>>) -> tensor<2x?x3x2xcomplex<f64>>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<2x?x3x2xcomplex<f64>>, tensor<2x?x3x2xcomplex<f64>>, tensor<2x?x3x2xcomplex<f64>>
}
