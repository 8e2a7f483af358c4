// Complex Exp, Log, Sqrt, Rsqrt and Pow (math/cmplx's algorithms from the real math library; complex<f32> computed
// in f64 and rounded once): parts up to 1e3 and down to 1e-300, the branch cut (-1 ± 0i), zeros, exp near
// overflow (700) and underflow (-745), Pow with broadcast exponents.
func.func @test(%x: tensor<?x7xcomplex<f32>>, %w: tensor<?x7xcomplex<f64>>, %p: tensor<7xcomplex<f32>>, %q: tensor<?x1xcomplex<f64>>) -> (tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>) {
  %0 = "tf.Exp"(%x) : (tensor<?x7xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  %1 = "tf.Log"(%x) : (tensor<?x7xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  %2 = "tf.Sqrt"(%x) : (tensor<?x7xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  %3 = "tf.Rsqrt"(%x) : (tensor<?x7xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  %4 = "tf.Pow"(%x, %p) : (tensor<?x7xcomplex<f32>>, tensor<7xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  %5 = "tf.Exp"(%w) : (tensor<?x7xcomplex<f64>>) -> tensor<?x7xcomplex<f64>>
  %6 = "tf.Log"(%w) : (tensor<?x7xcomplex<f64>>) -> tensor<?x7xcomplex<f64>>
  %7 = "tf.Sqrt"(%w) : (tensor<?x7xcomplex<f64>>) -> tensor<?x7xcomplex<f64>>
  %8 = "tf.Rsqrt"(%w) : (tensor<?x7xcomplex<f64>>) -> tensor<?x7xcomplex<f64>>
  %9 = "tf.Pow"(%w, %q) : (tensor<?x7xcomplex<f64>>, tensor<?x1xcomplex<f64>>) -> tensor<?x7xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f32>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>, tensor<?x7xcomplex<f64>>
}
