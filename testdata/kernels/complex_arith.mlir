// Complex arithmetic with numpy broadcasting (internal/ops/cplx): complex<f32> AddV2, Sub, Mul, Div, Neg and Square
// of a ?x4 and a ? operand (1 at run time in one case), complex<f64> Add, RealDiv, DivNoNan and Reciprocal of a
// 2x?x3 and a ?x3 operand; empty tensors; parts up to 1e3 over 1e-3 (f32) and 1e100 over 1e-100 (f64).
// Goldens: each part of the exact result rounded (complex128 numpy, Go's division).
func.func @test(%a: tensor<?x4xcomplex<f32>>, %b: tensor<?xcomplex<f32>>, %c: tensor<2x?x3xcomplex<f64>>, %d: tensor<?x3xcomplex<f64>>) -> (tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>) {
  %0 = "tf.AddV2"(%a, %b) : (tensor<?x4xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %1 = "tf.Sub"(%a, %b) : (tensor<?x4xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %2 = "tf.Mul"(%a, %b) : (tensor<?x4xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %3 = "tf.Div"(%a, %b) : (tensor<?x4xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %4 = "tf.Neg"(%a) : (tensor<?x4xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %5 = "tf.Square"(%a) : (tensor<?x4xcomplex<f32>>) -> tensor<?x4xcomplex<f32>>
  %6 = "tf.Add"(%c, %d) : (tensor<2x?x3xcomplex<f64>>, tensor<?x3xcomplex<f64>>) -> tensor<2x?x3xcomplex<f64>>
  %7 = "tf.RealDiv"(%c, %d) : (tensor<2x?x3xcomplex<f64>>, tensor<?x3xcomplex<f64>>) -> tensor<2x?x3xcomplex<f64>>
  %8 = "tf.DivNoNan"(%d, %c) : (tensor<?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>) -> tensor<2x?x3xcomplex<f64>>
  %9 = "tf.Reciprocal"(%c) : (tensor<2x?x3xcomplex<f64>>) -> tensor<2x?x3xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<?x4xcomplex<f32>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>, tensor<2x?x3xcomplex<f64>>
}
